/**
 * The device pool (system admin): device models, registering devices into
 * the pool, allocating them to tenants, recycling them back, and each
 * device's history. A device in the pool has no tenant (`tenant_id` null),
 * so no tenant's scope reaches it; recycling empties its channels (their
 * products were its tenant's) and takes it off its point.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { users } from '../account/schema.js';
import { BizError, RequestValidationError, uniqueAs } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { deviceAllocations, deviceChannels, deviceModels, devices } from './schema.js';
import { publishDeviceEvents } from './events.js';
import { lockDevices } from './queries.js';
import { tenants } from '../identity/schema.js';

const modelColumns = {
  id: deviceModels.id,
  name: deviceModels.name,
  type: deviceModels.type,
  channelCount: deviceModels.channelCount,
  capacity: deviceModels.capacity,
  description: deviceModels.description,
  // Spelled out: in a one-table select drizzle leaves `name` unqualified, which inside the subquery would be the device's.
  devices: sql<number>`(select count(*)::int from devices d where d.model = device_models.name)`,
};

export const poolHandlers = defineHandlers({
  'device.models': (_input, { db }) => db.select(modelColumns).from(deviceModels).orderBy(asc(deviceModels.name)),

  'device.modelCreate': async ({ body }, { db }) => {
    const [row] = await uniqueAs(CODE.deviceModelTaken, () =>
      db.insert(deviceModels).values(body).returning({ id: deviceModels.id }),
    );
    const [model] = await db.select(modelColumns).from(deviceModels).where(eq(deviceModels.id, row!.id));
    return model!;
  },

  'device.register': async ({ body }, { db, user }) =>
    db.transaction(async (tx) => {
      const [model] = await tx.select().from(deviceModels).where(eq(deviceModels.id, body.modelId));
      if (!model) throw new BizError(CODE.deviceModelNotFound);
      const serials = body.serials.map((s) => s.toUpperCase());
      const twice = serials.findIndex((s, i) => serials.indexOf(s) !== i);
      if (twice >= 0) throw new RequestValidationError({ [`serials.${twice}`]: 'device.validation.serialRepeated' });
      const known = await tx.select({ serial: devices.serial }).from(devices).where(inArray(devices.serial, serials));
      if (known.length)
        throw new BizError(
          CODE.deviceSerialTaken,
          `Serial numbers already registered: ${known.map((k) => k.serial).join(', ')}`,
        );
      const made = await uniqueAs(CODE.deviceSerialTaken, () =>
        tx
          .insert(devices)
          .values(
            serials.map((serial) => ({
              tenantId: null,
              name: `${model.name} ${serial}`,
              serial,
              type: model.type,
              model: model.name,
              channelCount: model.channelCount,
              capacity: model.capacity,
              warningValue: model.capacity > 2 ? 2 : 0,
            })),
          )
          .returning({ id: devices.id }),
      );
      if (model.channelCount > 0) {
        await tx
          .insert(deviceChannels)
          .values(
            made.flatMap((d) =>
              Array.from({ length: model.channelCount }, (_, n) => ({ deviceId: d.id, number: n + 1, tenantId: null })),
            ),
          );
      }
      await tx
        .insert(deviceAllocations)
        .values(made.map((d) => ({ deviceId: d.id, action: 'register' as const, actorId: user.id })));
      return { created: made.length };
    }),

  'device.allocate': async ({ body }, { db, scope, user }) =>
    db.transaction(async (tx) => {
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, body.tenantId));
      if (!tenant) throw new BizError(CODE.tenantNotFound);
      const { unique, rows } = await lockDevices(tx, scope, body.ids);
      if (rows.some((d) => d.tenantId !== null)) throw new BizError(CODE.deviceNotInPool);
      const changed = await tx
        .update(devices)
        .set({ tenantId: tenant.id, allocation: 'allocated', updatedAt: new Date() })
        .where(and(inArray(devices.id, unique), isNull(devices.tenantId)))
        .returning({ id: devices.id });
      await tx.update(deviceChannels).set({ tenantId: tenant.id }).where(inArray(deviceChannels.deviceId, unique));
      await tx
        .insert(deviceAllocations)
        .values(
          changed.map((d) => ({ deviceId: d.id, action: 'allocate' as const, tenantId: tenant.id, actorId: user.id })),
        );
      // Its new owner's open lists take it in.
      await publishDeviceEvents(
        tx,
        changed.map((d) => d.id),
        'allocated',
        {},
        user.id,
      );
      return { changed: changed.length };
    }),

  'device.recycle': async ({ body }, { db, scope, user }) =>
    db.transaction(async (tx) => {
      const { unique, rows } = await lockDevices(tx, scope, body.ids);
      if (rows.some((d) => d.tenantId === null)) throw new BizError(CODE.deviceAlreadyPooled);
      // Its last owner hears it go (before the tenant is taken off the row).
      await publishDeviceEvents(tx, unique, 'recycled', {}, user.id);
      await tx
        .update(devices)
        .set({ tenantId: null, pointId: null, allocation: 'recycled', online: false, updatedAt: new Date() })
        .where(and(inArray(devices.id, unique), isNotNull(devices.tenantId)));
      await tx
        .update(deviceChannels)
        .set({ tenantId: null, productId: null, price: null, customerStaffPrice: null, stock: 0 })
        .where(inArray(deviceChannels.deviceId, unique));
      await tx
        .insert(deviceAllocations)
        .values(
          rows.map((d) => ({ deviceId: d.id, action: 'recycle' as const, tenantId: d.tenantId, actorId: user.id })),
        );
      return { changed: rows.length };
    }),

  'device.allocations': async ({ params }, { db }) => {
    const [device] = await db.select({ n: count() }).from(devices).where(eq(devices.id, params.id));
    if (!device?.n) throw new BizError(CODE.deviceNotFound);
    const rows = await db
      .select({
        action: deviceAllocations.action,
        tenantName: tenants.name,
        actorName: users.name,
        at: deviceAllocations.at,
      })
      .from(deviceAllocations)
      .leftJoin(tenants, eq(tenants.id, deviceAllocations.tenantId))
      .leftJoin(users, eq(users.id, deviceAllocations.actorId))
      .where(eq(deviceAllocations.deviceId, params.id))
      .orderBy(asc(deviceAllocations.at), asc(deviceAllocations.id));
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  },
});
