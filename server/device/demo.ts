/** Demo devices: some bound to points, some free, of every type and state. */
import type { ALLOCATION_STATES, DEVICE_TYPES } from '../../shared/device/index.js';
import type { DemoData } from '../manifest.js';
import type { TenantKey } from '../demo-keys.js';
import { and, asc, eq, like } from 'drizzle-orm';
import { productCategories, products } from '../product/schema.js';
import { deviceAllocations, deviceChannels, deviceModels, devices } from './schema.js';
import { demoSecret, secretHashOf } from './credentials.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoDevice {
  serial: string;
  /** Null: in the platform's pool. */
  tenant: TenantKey | null;
  /**
   * The key of the point domain's demo point it stands at (a wrong one fails the load). A plain string:
   * the point domain builds on this one (it binds devices), so this one does not import its types.
   */
  point: string | null;
  name: string;
  type: (typeof DEVICE_TYPES)[number];
  model: string;
  allocation?: (typeof ALLOCATION_STATES)[number];
  online: boolean;
  activated: boolean;
  /** Service expiry relative to loading, in days (negative: expired); null: never activated. */
  expiresInDays: number | null;
  channelCount: number;
}

export const DEMO_DEVICES: readonly DemoDevice[] = [
  // Tenant A: 6 bound, 4 free (and its fresh food fridge, below).
  {
    serial: 'VM2026000101',
    tenant: 'A',
    point: 'hongqiao',
    name: '虹桥站饮料机 1 号',
    type: 'selling',
    model: 'VM-S600',
    online: true,
    activated: true,
    expiresInDays: 300,
    channelCount: 60,
  },
  {
    serial: 'VM2026000102',
    tenant: 'A',
    point: 'hongqiao',
    name: '虹桥站零食机 2 号',
    type: 'selling',
    model: 'VM-S800',
    online: true,
    activated: true,
    expiresInDays: 300,
    channelCount: 48,
  },
  {
    serial: 'VM2026000103',
    tenant: 'A',
    point: 'hongqiao',
    name: '虹桥站收款盒',
    type: 'paymentBox',
    model: 'PB-100',
    online: true,
    activated: true,
    expiresInDays: 120,
    channelCount: 0,
  },
  {
    serial: 'VM2026000104',
    tenant: 'A',
    point: 'peoplesSquare',
    name: '人民广场咖啡机',
    type: 'selling',
    model: 'VM-C900',
    online: false,
    activated: true,
    expiresInDays: 30,
    channelCount: 12,
  },
  {
    serial: 'VM2026000105',
    tenant: 'A',
    point: 'peoplesSquare',
    name: '人民广场饮料机',
    type: 'selling',
    model: 'VM-S600',
    online: true,
    activated: true,
    expiresInDays: -10,
    channelCount: 60,
  },
  {
    serial: 'VM2026000106',
    tenant: 'A',
    point: 'hangzhouEast',
    name: '杭州东站饮料机',
    type: 'selling',
    model: 'VM-S600',
    online: true,
    activated: true,
    expiresInDays: 200,
    channelCount: 60,
  },
  {
    serial: 'VM2026000107',
    tenant: 'A',
    point: null,
    name: '备用饮料机 A-1',
    type: 'selling',
    model: 'VM-S600',
    online: false,
    activated: true,
    expiresInDays: 365,
    channelCount: 60,
  },
  {
    serial: 'VM2026000108',
    tenant: 'A',
    point: null,
    name: '备用零食机 A-2',
    type: 'selling',
    model: 'VM-S800',
    online: false,
    activated: true,
    expiresInDays: 365,
    channelCount: 48,
  },
  {
    serial: 'VM2026000109',
    tenant: 'A',
    point: null,
    name: '智能联动模块 A-3',
    type: 'smartLink',
    model: 'SL-20',
    online: true,
    activated: true,
    expiresInDays: 365,
    channelCount: 0,
  },
  {
    serial: 'VM2026000110',
    tenant: 'A',
    point: null,
    name: '备用收款盒 A-4',
    type: 'paymentBox',
    model: 'PB-100',
    online: false,
    activated: false,
    expiresInDays: null,
    channelCount: 0,
  },
  // Tenant A's smart fridge of fresh food (sandwiches, bentos, milk): its batches are the fresh food demo's.
  {
    serial: 'VM2026000111',
    tenant: 'A',
    point: 'hongqiao',
    name: '虹桥站鲜食柜',
    type: 'selling',
    model: 'VM-F200',
    online: true,
    activated: true,
    expiresInDays: 300,
    channelCount: 12,
  },
  // Tenant A1 (second level under A): 2 bound, 1 free; allocated to it by A.
  {
    serial: 'VM2026000201',
    tenant: 'A1',
    point: 'xinghai',
    name: '星海广场饮料机',
    type: 'selling',
    model: 'VM-S600',
    allocation: 'allocated',
    online: true,
    activated: true,
    expiresInDays: 240,
    channelCount: 60,
  },
  {
    serial: 'VM2026000202',
    tenant: 'A1',
    point: 'xinghai',
    name: '星海广场零食机',
    type: 'selling',
    model: 'VM-S800',
    allocation: 'allocated',
    online: false,
    activated: true,
    expiresInDays: 240,
    channelCount: 48,
  },
  {
    serial: 'VM2026000203',
    tenant: 'A1',
    point: null,
    name: '备用售货机 A1-1',
    type: 'selling',
    model: 'VM-S600',
    allocation: 'allocated',
    online: false,
    activated: true,
    expiresInDays: 240,
    channelCount: 60,
  },
  // Tenant B: 3 bound, 3 free.
  {
    serial: 'VM2026000301',
    tenant: 'B',
    point: 'guangzhouSouth',
    name: '广州南站饮料机',
    type: 'selling',
    model: 'VM-S600',
    online: true,
    activated: true,
    expiresInDays: 180,
    channelCount: 60,
  },
  {
    serial: 'VM2026000302',
    tenant: 'B',
    point: 'guangzhouSouth',
    name: '广州南站咖啡机',
    type: 'selling',
    model: 'VM-C900',
    online: true,
    activated: true,
    expiresInDays: 180,
    channelCount: 12,
  },
  {
    serial: 'VM2026000303',
    tenant: 'B',
    point: 'shenzhenNorth',
    name: '深圳北站饮料机',
    type: 'selling',
    model: 'VM-S600',
    online: false,
    activated: true,
    expiresInDays: 15,
    channelCount: 60,
  },
  {
    serial: 'VM2026000304',
    tenant: 'B',
    point: null,
    name: '备用饮料机 B-1',
    type: 'selling',
    model: 'VM-S600',
    online: false,
    activated: true,
    expiresInDays: 365,
    channelCount: 60,
  },
  {
    serial: 'VM2026000305',
    tenant: 'B',
    point: null,
    name: '备用零食机 B-2',
    type: 'selling',
    model: 'VM-S800',
    online: true,
    activated: true,
    expiresInDays: 365,
    channelCount: 48,
  },
  {
    serial: 'VM2026000306',
    tenant: 'B',
    point: null,
    name: '备用收款盒 B-3',
    type: 'paymentBox',
    model: 'PB-100',
    online: false,
    activated: false,
    expiresInDays: null,
    channelCount: 0,
  },
  // The platform's pool: two new machines never allocated, one recycled from tenant B.
  {
    serial: 'VM2026000901',
    tenant: null,
    point: null,
    name: 'VM-S600 VM2026000901',
    type: 'selling',
    model: 'VM-S600',
    online: false,
    activated: false,
    expiresInDays: null,
    channelCount: 60,
  },
  {
    serial: 'VM2026000902',
    tenant: null,
    point: null,
    name: 'VM-S800 VM2026000902',
    type: 'selling',
    model: 'VM-S800',
    online: false,
    activated: false,
    expiresInDays: null,
    channelCount: 48,
  },
  {
    serial: 'VM2026000903',
    tenant: null,
    point: null,
    name: '旧饮料机 B-9',
    type: 'selling',
    model: 'VM-S600',
    allocation: 'recycled',
    online: false,
    activated: true,
    expiresInDays: -40,
    channelCount: 60,
  },
];

/** The platform's device models (spec §3): channels and what each holds — drinks stand 8 deep, snacks 12, a coffee machine's canisters make 50 cups. */
export const DEMO_MODELS = [
  { name: 'VM-S600', type: 'selling', channelCount: 60, capacity: 8, description: '六十货道饮料机' },
  { name: 'VM-S800', type: 'selling', channelCount: 48, capacity: 12, description: '四十八货道零食机' },
  // The coffee machine is priced at its own panel: it takes no remote price.
  { name: 'VM-C900', type: 'selling', channelCount: 12, capacity: 50, description: '现磨咖啡机', remotePrice: false },
  // A smart fridge's lanes hold six packs each.
  { name: 'VM-F200', type: 'selling', channelCount: 12, capacity: 6, description: '智能鲜食冷柜' },
  { name: 'PB-100', type: 'paymentBox', channelCount: 0, capacity: 0, description: '扫码收款盒' },
  { name: 'SL-20', type: 'smartLink', channelCount: 0, capacity: 0, description: '智能联动模块' },
] as const;

/** The category (by number prefix) each model's channels carry; drinks otherwise. */
const PREFIX: Readonly<Record<string, string>> = { 'VM-S800': 'SNACK', 'VM-C900': 'COFFEE', 'VM-F200': 'FRESH' };
const CAPACITY: Readonly<Record<string, number>> = Object.fromEntries(DEMO_MODELS.map((m) => [m.name, m.capacity]));
const MINUTE_MS = 60 * 1000;

export const deviceDemo: DemoData = {
  after: ['tenant', 'point', 'product'],
  async load({ tx, ids, now }) {
    await tx.insert(deviceModels).values(DEMO_MODELS.map((m) => ({ ...m })));
    const rows = await tx
      .insert(devices)
      .values(
        DEMO_DEVICES.map((d, i) => ({
          tenantId: d.tenant ? ids.get('tenant', d.tenant) : null,
          pointId: d.point ? ids.get('point', d.point) : null,
          name: d.name,
          serial: d.serial,
          type: d.type,
          model: d.model,
          allocation: d.allocation ?? 'normal',
          online: d.online,
          activated: d.activated,
          // Activated demo machines sign with their derived demo secret (the simulator's).
          secretHash: d.activated ? secretHashOf(demoSecret(d.serial)) : null,
          serviceExpiry: d.expiresInDays === null ? null : new Date(now + d.expiresInDays * DAY_MS),
          channelCount: d.channelCount,
          capacity: CAPACITY[d.model] ?? 10,
          // Online ones reported within the last minute; offline ones hours to days ago, never when not activated.
          lastSeenAt: !d.activated
            ? null
            : new Date(now - (d.online ? ((i % 5) + 1) * 7000 : ((i % 4) + 1) * 9 * 60 * MINUTE_MS)),
          warningValue: (CAPACITY[d.model] ?? 10) > 0 ? 2 : 0,
          salesNotice: 100,
          locked: d.serial === 'VM2026000105',
          authorised: d.tenant === 'B' && d.point !== null,
        })),
      )
      .returning({ id: devices.id, serial: devices.serial });
    for (const r of rows) ids.set('device', r.serial, r.id);
    // Their history in the pool: registered a year ago; A1's allocated to it; the recycled one taken back from B.
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    await tx.insert(deviceAllocations).values(
      DEMO_DEVICES.flatMap((d) => {
        const deviceId = ids.get('device', d.serial);
        const history: (typeof deviceAllocations.$inferInsert)[] = [{ deviceId, action: 'register', at: at(400) }];
        if (d.allocation === 'allocated' && d.tenant)
          history.push({ deviceId, action: 'allocate', tenantId: ids.get('tenant', d.tenant), at: at(300) });
        if (d.allocation === 'recycled') {
          history.push({ deviceId, action: 'allocate', tenantId: ids.get('tenant', 'B'), at: at(380) });
          history.push({ deviceId, action: 'recycle', tenantId: ids.get('tenant', 'B'), at: at(40) });
        }
        return history;
      }),
    );

    // Channels: drinks in the drinks machines, snacks in the snack machines, coffees in the coffee machines, fresh food in the fridge (old library, the tenant's own).
    for (const [i, d] of DEMO_DEVICES.entries()) {
      const capacity = CAPACITY[d.model] ?? 10;
      const prefix = PREFIX[d.model] ?? 'DRINK';
      if (d.channelCount === 0 || capacity === 0) continue;
      if (!d.tenant) {
        // Pool machines' channels hold nothing: their products would be some tenant's.
        await tx.insert(deviceChannels).values(
          Array.from({ length: d.channelCount }, (_, n) => ({
            deviceId: ids.get('device', d.serial),
            number: n + 1,
            tenantId: null,
          })),
        );
        continue;
      }
      const tenantId = ids.get('tenant', d.tenant);
      const goods = await tx
        .select({ id: products.id, price: products.price })
        .from(products)
        .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(
          and(
            eq(products.tenantId, tenantId),
            eq(products.library, 'old'),
            eq(products.enabled, true),
            like(productCategories.number, `${prefix}%`),
          ),
        )
        .orderBy(asc(products.id));
      if (!goods.length) continue;
      await tx.insert(deviceChannels).values(
        Array.from({ length: d.channelCount }, (_, n) => {
          const product = goods[n % goods.length]!;
          // Staff buy at 90 %; stock spread from empty to full, a few at the warning value.
          return {
            deviceId: ids.get('device', d.serial),
            number: n + 1,
            tenantId,
            productId: product.id,
            price: product.price,
            customerStaffPrice: Math.round(product.price * 0.9),
            stock: (n * 7 + i) % (capacity + 1),
            enabled: n % 17 !== 16,
          };
        }),
      );
    }
  },
};
