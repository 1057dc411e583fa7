/**
 * The exceptions view and the pick list (shared/device/care.ts): what needs
 * someone, and what to bring. Problems are worked out in SQL so a filter and
 * the paging agree.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { EXPIRING_DAYS, PROBLEMS, type PickList, type Problem } from '../../shared/device/index.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { products } from '../product/schema.js';
import { deviceChannels as c, devices } from './schema.js';
import { devicePoint } from './ports.js';
import { checkFilterIds } from './queries.js';
import { tenants } from '../identity/schema.js';

/** Channels of a device with a product, switched on, at or below its warning value (spelled out: used inside subqueries). */
const LOW = sql`c.device_id = "devices"."id" and c.product_id is not null and c.enabled and c.stock <= "devices"."warning_value"`;

/** The device's open alert episodes (spelled out: used inside subqueries). */
const OPEN = sql`a.device_id = "devices"."id" and a.closed_at is null`;

/** Channels that locked themselves after failed vends and are still locked (server/device/outcome.ts). */
const SELF_LOCKED = sql`c.device_id = "devices"."id" and c.locked and c.self_locked_at is not null`;

const PROBLEM_SQL: Readonly<Record<Problem, SQL>> = {
  offline: sql`("devices"."activated" and not "devices"."online")`,
  fault: sql`("devices"."fault_code" is not null)`,
  locked: sql`("devices"."locked")`,
  lowStock: sql`exists (select 1 from device_channels c where ${LOW})`,
  expiring: sql`("devices"."service_expiry" is not null and "devices"."service_expiry" <= now() + make_interval(days => ${EXPIRING_DAYS}))`,
  // Open episodes of the alert sweep (server/device/alerts.ts).
  quiet: sql`exists (select 1 from device_alerts a where ${OPEN} and a.kind = 'quiet')`,
  runningOut: sql`exists (select 1 from device_alerts a where ${OPEN} and a.kind = 'runningOut')`,
  channelLocked: sql`exists (select 1 from device_channels c where ${SELF_LOCKED})`,
};

const problemCount = sql.join(
  PROBLEMS.map((p) => sql`(case when ${PROBLEM_SQL[p]} then 1 else 0 end)`),
  sql` + `,
);

export const careHandlers = defineHandlers({
  'device.exceptions': async ({ query, body }, { db, scope }) => {
    await checkFilterIds(db, scope, body.pointId, body.tenantId);
    const where = and(
      scope.whereDevice(devices.tenantId, devices.id),
      sql`${devices.allocation} <> 'recycled'`,
      body.problem
        ? PROBLEM_SQL[body.problem]
        : sql`(${sql.join(
            PROBLEMS.map((p) => PROBLEM_SQL[p]),
            sql` or `,
          )})`,
      body.pointId !== undefined ? eq(devices.pointId, body.pointId) : undefined,
      body.tenantId !== undefined ? eq(devices.tenantId, body.tenantId) : undefined,
    );
    const rows = await db
      .select({
        id: devices.id,
        name: devices.name,
        serial: devices.serial,
        pointName: devicePoint.use().columns(devices.pointId).name,
        tenantName: tenants.name,
        lastSeenAt: devices.lastSeenAt,
        faultCode: devices.faultCode,
        faultMessage: devices.faultMessage,
        serviceExpiry: devices.serviceExpiry,
        lowChannels: sql<number>`(select count(*)::int from device_channels c where ${LOW})`,
        quietHours: sql<number | null>`(select a.hours from device_alerts a where ${OPEN} and a.kind = 'quiet')`,
        runningOutChannels: sql<number>`(select count(*)::int from device_alerts a where ${OPEN} and a.kind = 'runningOut')`,
        runningOutHours: sql<
          number | null
        >`(select min(a.hours) from device_alerts a where ${OPEN} and a.kind = 'runningOut')`,
        lockedChannels: sql<
          number[]
        >`array(select c.number from device_channels c where ${SELF_LOCKED} order by c.number)`,
        ...(Object.fromEntries(PROBLEMS.map((p) => [p, sql<boolean>`${PROBLEM_SQL[p]}`])) as Record<
          Problem,
          SQL<boolean>
        >),
      })
      .from(devices)
      .leftJoin(tenants, eq(tenants.id, devices.tenantId))
      .where(where)
      .orderBy(desc(problemCount), asc(devices.serial))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize);
    const [counted] = await db.select({ total: count() }).from(devices).where(where);
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        serial: r.serial,
        pointName: r.pointName,
        tenantName: r.tenantName,
        faultCode: r.faultCode,
        faultMessage: r.faultMessage,
        lowChannels: r.lowChannels,
        problems: PROBLEMS.filter((p) => r[p]),
        quietHours: r.quietHours === null ? null : Number(r.quietHours),
        runningOutChannels: r.runningOutChannels,
        runningOutHours: r.runningOutHours === null ? null : Number(r.runningOutHours),
        lockedChannels: r.lockedChannels.map(Number),
        lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
        serviceExpiry: r.serviceExpiry?.toISOString() ?? null,
      })),
      total: counted?.total ?? 0,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  },

  'device.pickList': async ({ body }, { db, scope }) => {
    if (body.pointId !== undefined) await devicePoint.use().check(db, scope, body.pointId);
    const point = devicePoint.use().columns(devices.pointId);
    const chosen = body.deviceIds ? [...new Set(body.deviceIds)] : undefined;
    if (chosen) {
      const found = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, chosen), scope.whereDevice(devices.tenantId, devices.id)));
      if (found.length !== chosen.length) throw new BizError(CODE.deviceNotFound);
    }
    const rows = await db
      .select({
        deviceId: devices.id,
        deviceName: devices.name,
        serial: devices.serial,
        capacity: devices.capacity,
        pointId: devices.pointId,
        pointName: point.name,
        address: point.address,
        areaCode: point.areaCode,
        number: c.number,
        stock: c.stock,
        productId: products.id,
        productName: products.name,
        productNumber: products.number,
      })
      .from(c)
      .innerJoin(devices, eq(devices.id, c.deviceId))
      .innerJoin(products, eq(products.id, c.productId))
      .where(
        and(
          scope.whereDevice(devices.tenantId, devices.id),
          eq(c.enabled, true),
          sql`${c.stock} <= ${devices.warningValue}`,
          sql`${c.stock} < ${devices.capacity}`,
          chosen ? inArray(devices.id, chosen) : undefined,
          body.pointId !== undefined ? eq(devices.pointId, body.pointId) : undefined,
        ),
      )
      // Route order: by region, then address (neighbours follow each other); devices by serial, channels by number.
      .orderBy(sql`${point.areaCode} nulls last`, sql`${point.address} nulls last`, asc(devices.serial), asc(c.number));
    const list: PickList = { points: [], products: [], totalFill: 0 };
    const byProduct = new Map<number, PickList['products'][number]>();
    for (const r of rows) {
      const fill = r.capacity - r.stock;
      let point = list.points.at(-1);
      if (!point || point.pointId !== r.pointId)
        list.points.push((point = { pointId: r.pointId, pointName: r.pointName, address: r.address, devices: [] }));
      let device = point.devices.at(-1);
      if (!device || device.id !== r.deviceId)
        point.devices.push((device = { id: r.deviceId, name: r.deviceName, serial: r.serial, channels: [] }));
      device.channels.push({
        number: r.number,
        productId: r.productId,
        productName: r.productName,
        stock: r.stock,
        capacity: r.capacity,
        fill,
      });
      const product = byProduct.get(r.productId) ?? {
        productId: r.productId,
        number: r.productNumber,
        name: r.productName,
        fill: 0,
      };
      product.fill += fill;
      byProduct.set(r.productId, product);
      list.totalFill += fill;
    }
    list.products = [...byProduct.values()].sort((a, b) => b.fill - a.fill || a.number.localeCompare(b.number));
    return list;
  },
});
