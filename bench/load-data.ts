/**
 * Machines of tenant A for the benches that drive a fleet (`benchMachines`:
 * bench/price.ts, and the load), and the data `npm run load` adds to the demo
 * before its instances start: 100 more points of a station's kind, three
 * vending machines at each, and the orders its refunds will touch.
 */
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../server/db/index.js';
import { deviceChannels, devices, ensureDemoSecrets } from '../server/device/index.js';
import { tenants } from '../server/identity/schema.js';
import { orders } from '../server/order/index.js';
import { points } from '../server/point/index.js';

const POINTS = 100;
const PER_POINT = 3;

const tenantA = async (db: Db) =>
  (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, '华东智售科技有限公司')))[0]!.id;

/** Tenant A's id and a drink of its Hongqiao machine: what the benches' machines of tenant A hold. */
export async function tenantADrink(db: Db): Promise<{ tenantId: number; productId: number }> {
  const [drink] = await db
    .select({ productId: deviceChannels.productId })
    .from(deviceChannels)
    .innerJoin(devices, eq(devices.id, deviceChannels.deviceId))
    .where(and(eq(devices.serial, 'VM2026000101'), isNotNull(deviceChannels.productId)))
    .orderBy(asc(deviceChannels.number))
    .limit(1);
  return { tenantId: await tenantA(db), productId: drink!.productId! };
}

/**
 * Vending machines of tenant A for a bench, one per serial: VM-S600s online and in service, two channels of
 * `productId` at ¥5 (¥4 to staff) holding `capacity` each, at `pointOf(i)` when given, each with its demo
 * secret so the simulator can sign for it. Their ids, in the serials' order.
 */
export async function benchMachines(
  db: Db,
  {
    tenantId,
    productId,
    serials,
    capacity,
    pointOf,
  }: {
    tenantId: number;
    productId: number;
    serials: readonly string[];
    capacity: number;
    pointOf?: (i: number) => number;
  },
): Promise<number[]> {
  const made = await db
    .insert(devices)
    .values(
      serials.map((serial, i) => ({
        tenantId,
        pointId: pointOf?.(i) ?? null,
        name: `压测饮料机 ${serial.slice(-4)}`,
        serial,
        type: 'selling' as const,
        model: 'VM-S600',
        online: true,
        activated: true,
        channelCount: 2,
        capacity,
        lastSeenAt: new Date(),
      })),
    )
    .returning({ id: devices.id });
  await db.insert(deviceChannels).values(
    made.flatMap((d) =>
      [1, 2].map((number) => ({
        deviceId: d.id,
        number,
        productId,
        price: 500,
        customerStaffPrice: 400,
        stock: capacity,
      })),
    ),
  );
  await ensureDemoSecrets(db, serials);
  return made.map((d) => d.id);
}

/** Tenant A's fleet for the load; its machines' serials. */
export async function loadFleet(db: Db): Promise<string[]> {
  const { tenantId, productId } = await tenantADrink(db);
  const [like] = await db.select().from(points).where(eq(points.tenantId, tenantId)).orderBy(asc(points.id)).limit(1);
  const made = await db
    .insert(points)
    .values(
      Array.from({ length: POINTS }, (_, i) => ({
        tenantId,
        name: `压测点位 ${String(i + 1).padStart(3, '0')} 号站`,
        area: like!.area,
        areaCode: like!.areaCode,
        address: `${like!.address} ${i + 1} 号口`,
      })),
    )
    .returning({ id: points.id });
  const serials = made.flatMap((_, p) =>
    Array.from({ length: PER_POINT }, (_, k) => `LOAD-${String(p * PER_POINT + k + 1).padStart(4, '0')}`),
  );
  await benchMachines(db, {
    tenantId,
    productId,
    serials,
    capacity: 40,
    pointOf: (i) => made[Math.floor(i / PER_POINT)]!.id,
  });
  return serials;
}

/** Tenant A's paid orders of the last 20 days with something left to refund: the refunds' targets, newest first. */
export async function refundableOrders(db: Db): Promise<number[]> {
  const tenantId = await tenantA(db);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.paymentState, 'success'),
        gt(orders.receivedAmount, sql`${orders.refundAmount} + 10`),
        gt(orders.createdAt, new Date(Date.now() - 20 * 86_400_000)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5000);
  return rows.map((r) => r.id);
}
