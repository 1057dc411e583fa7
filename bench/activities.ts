/**
 * Activities at size: tenant A with 100 active activities on one machine
 * (every type; a third with budgets or limits, which a sale locks) and
 * 10 000 coupons claimed by 10 000 members. Budgets:
 * - a sale's round trip at that machine, p95 ≤ 1.5 × the same sale at a twin
 *   machine with no activity, measured in the same run, turn about;
 * - the member's basket price at that machine, p95 ≤ BASKET_RATIO × the very
 *   statements it sends, replayed bare in the same run (bench/bare.ts; it was
 *   10 ms flat, which a slower machine missed at 17.9 ms);
 * - a dry run over 100 000 sales of that machine ≤ 5 s on PostgreSQL
 *   (BENCH_DATABASE_URL; PGlite's figure printed beside, without a budget);
 * - 200 concurrent claims of a coupon of quantity 50 issue exactly 50.
 */
import { performance } from 'node:perf_hooks';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ActivityInput } from '../shared/activity/index.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { activities, coupons } from '../server/activity/schema.js';
import { demoSecret, deviceChannels, devices } from '../server/device/index.js';
import { members, sandboxCode } from '../server/member/index.js';
import { products } from '../server/product/schema.js';
import { tenants } from '../server/identity/schema.js';
import { startServer } from '../server/start.js';
import { bare, statementsOf } from './bare.js';
import { Budgets, emptyPostgres, percentiles, signIn } from './support.js';

const pgUrl = process.env.BENCH_DATABASE_URL;
const SALES = 400;
const DRY_RUN_SALES = 100_000;
const WITH = 'VM2026000107';
const WITHOUT = 'VM2026000108';
/** The basket price's p95 against its statements' bare p95: the pricing of 100 activities is the rest. */
const BASKET_RATIO = 4;

setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
if (pgUrl) await emptyPostgres(pgUrl);
const budgets = new Budgets();
const server = await startServer({
  port: 0,
  databaseUrl: pgUrl ?? 'memory://',
  demoData: true,
  background: false,
  deviceLimit: { requests: 1_000_000, windowMs: 60_000 },
});
const db = server.db;
const url = server.url;
const post = async (path: string, body: unknown, authorization: string) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; content: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.content;
};
const machine = (serial: string) => `Basic ${Buffer.from(`${serial}:${demoSecret(serial)}`).toString('base64')}`;

try {
  const [a] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, '华东智售科技有限公司'));
  const tenantId = a!.id;
  const goods = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.tenantId, tenantId))
    .orderBy(asc(products.id))
    .limit(10);
  // Twin machines: the same ten products on channels 1–10, plenty of stock, online.
  const ids: number[] = [];
  for (const serial of [WITH, WITHOUT]) {
    const [d] = await db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
      .where(eq(devices.serial, serial))
      .returning({ id: devices.id });
    ids.push(d!.id);
    for (const [i, p] of goods.entries())
      await db
        .update(deviceChannels)
        .set({
          productId: p.id,
          price: 500 + i * 100,
          customerStaffPrice: 450,
          stock: 1_000_000,
          enabled: true,
          locked: false,
        })
        .where(and(eq(deviceChannels.deviceId, d!.id), eq(deviceChannels.number, i + 1)));
  }
  const [withId] = ids;
  const token = await signIn(url, 'tenant1');
  const start = new Date(Date.now() - 60_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const base = { tag: '压测', startAt: start, endAt: end, target: 'devices' as const, deviceIds: [withId!] };
  const couponActivities: number[] = [];
  for (let i = 0; i < 100; i++) {
    const product = goods[i % goods.length]!.id;
    const limited = i % 3 === 0 ? { budgetAmount: 9_000_000, participationLimit: 900 } : {};
    const body: ActivityInput = [
      { ...base, name: `特价 ${i}`, type: 'discount', products: [{ productId: product, price: 300 + (i % 7) }] },
      { ...base, name: `折扣 ${i}`, type: 'discountOffer', rate: 80 + (i % 15), products: [{ productId: product }] },
      {
        ...base,
        name: `满减 ${i}`,
        type: 'fullReduction',
        threshold: 1000 + i * 10,
        reduction: 100,
        products: goods.map((g) => ({ productId: g.id })),
      },
      {
        ...base,
        name: `组合 ${i}`,
        type: 'teamDiscount',
        rate: 90,
        minUnits: 3,
        products: goods.map((g) => ({ productId: g.id })),
      },
      {
        ...base,
        name: `优惠券 ${i}`,
        type: 'coupon',
        products: goods.map((g) => ({ productId: g.id })),
        coupon: { type: 'reduction', amount: 50, quantity: 100_000, validDays: 30 },
      },
    ][i % 5]! as unknown as ActivityInput;
    const made = (await post('/activity', { ...body, ...limited }, `Bearer ${token}`)) as { id: number };
    if (body.type === 'coupon') couponActivities.push(made.id);
  }
  // 10 000 members, each holding one coupon.
  await db.execute(sql`insert into ${members} (tenant_id, openid, nickname)
    select ${tenantId}, 'bench-coupon-' || g, '会员' || g from generate_series(1, 10000) g`);
  await db.execute(sql`insert into ${coupons} (activity_id, tenant_id, member_id, valid_until)
    select (${sql.raw(`array[${couponActivities.join(',')}]`)})[1 + (m.id % ${couponActivities.length})], ${tenantId}, m.id, now() + interval '30 days'
    from ${members} m where m.openid like 'bench-coupon-%'`);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(eq(activities.tenantId, tenantId));
  console.log(
    `load: ${counted!.n} activities of tenant A (100 on ${WITH}), 10 000 coupons held, on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  // The sale's round trip, turn about at the two machines (the same conditions for both).
  let n = 0;
  const sale = (serial: string) =>
    post(
      '/device-api/v1/sale',
      {
        saleId: `bench-${serial}-${++n}`,
        thirdPartyNumber: `42000${n}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [
          { channel: 1 + (n % 10), count: 2 },
          { channel: 1 + ((n + 3) % 10), count: 1 },
        ],
      },
      machine(serial),
    );
  const samples = { with: [] as number[], without: [] as number[] };
  for (let i = -20; i < SALES; i++) {
    for (const [key, serial] of [
      ['with', WITH],
      ['without', WITHOUT],
    ] as const) {
      const t0 = performance.now();
      await sale(serial);
      if (i >= 0) samples[key].push(performance.now() - t0);
    }
  }
  const p95 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * 0.95)]!;
  const withP95 = p95(samples.with);
  const withoutP95 = p95(samples.without);
  console.log(`sale p95: ${withP95.toFixed(1)} ms with 100 activities, ${withoutP95.toFixed(1)} ms without`);
  budgets.check('sale p95 with 100 activities ÷ without', withP95 / withoutP95, 1.5, '×');

  // The member's basket price, as the mini-program asks it.
  const signedIn = (await post('/member-api/v1/sign-in', { tenantId, code: sandboxCode('bench-basket') }, '')) as {
    token: string;
  };
  const basket = {
    deviceId: withId,
    items: [
      { channel: 1, count: 2 },
      { channel: 4, count: 1 },
    ],
  };
  const price = await percentiles(
    () => post('/member-api/v1/basket-price', basket, `Bearer ${signedIn.token}`),
    200,
    20,
  );
  // Beside it, the member-facing API's own floor: the signed-in member's profile (one read) through the same stack.
  const me = await percentiles(
    () =>
      fetch(`${url}/member-api/v1/me`, { headers: { authorization: `Bearer ${signedIn.token}` } }).then((r) =>
        r.json(),
      ),
    200,
    20,
  );
  const sent = await statementsOf(db, () => post('/member-api/v1/basket-price', basket, `Bearer ${signedIn.token}`));
  const bareBasket = await bare(db, sent);
  console.log(
    `basket price p95 ${price.p95.toFixed(1)} ms; its ${sent.length} statements bare ${bareBasket.p95.toFixed(1)} ms; member.me p95 (the member-facing API's floor) ${me.p95.toFixed(1)} ms`,
  );
  budgets.check('basket price p95 ÷ its statements bare', price.p95 / bareBasket.p95, BASKET_RATIO, '×');

  // 200 concurrent claims of a coupon of quantity 50.
  const scarce = (await post(
    '/activity',
    {
      ...base,
      name: '限量券',
      type: 'coupon',
      products: [{ productId: goods[0]!.id }],
      coupon: { type: 'reduction', amount: 100, quantity: 50, validDays: 1, perMember: 10 },
    },
    `Bearer ${token}`,
  )) as { id: number };
  const people = await Promise.all(
    Array.from(
      { length: 20 },
      (_, i) =>
        post('/member-api/v1/sign-in', { tenantId, code: sandboxCode(`bench-claim-${i}`) }, '') as Promise<{
          token: string;
        }>,
    ),
  );
  const claims = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      fetch(`${url}/member-api/v1/coupons`, {
        method: 'POST',
        headers: { authorization: `Bearer ${people[i % 20]!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ activityId: scarce.id }),
      }).then(async (r) => ((await r.json()) as { code: number }).code),
    ),
  );
  const issued = claims.filter((c) => c === 200).length;
  budgets.check('coupons issued by 200 concurrent claims of 50', Math.abs(issued - 50), 0, 'off by');

  // A dry run over 100 000 sales of the machine in the last day.
  const [device] = await db.select().from(devices).where(eq(devices.id, withId!));
  await db.execute(sql`insert into orders (tenant_id, root_tenant_id, kind, device_id, device_name, title, amount, original_amount,
      received_amount, platform, payment_type, payment_state, delivery_state, delivery_end, member_id, created_at)
    select ${tenantId}, ${tenantId}, 'sale', ${withId}, ${device!.name}, 'bench', 1000, 1000, 1000, 'wechat', 'scan', 'success',
      'allDelivered', 'complete', case when g % 3 = 0 then (select min(id) from ${members} where openid like 'bench-coupon-%') + g % 10000 end,
      now() - (g * interval '1 second') * (86000.0 / ${DRY_RUN_SALES})
    from generate_series(1, ${DRY_RUN_SALES}) g`);
  await db.execute(sql`insert into order_items (order_id, tenant_id, channel, product_id, name, unit_price, count, list_price, amount, state)
    select o.id, o.tenant_id, 1 + o.id % 10, (${sql.raw(`array[${goods.map((g) => g.id).join(',')}]`)})[1 + o.id % 10], 'bench', 500, 1 + o.id % 3, 500, 500 * (1 + o.id % 3), 'deliverySuccess'
    from orders o where o.title = 'bench'`);
  await db.execute(sql`analyze`);
  const draft = {
    ...base,
    name: '试运行',
    type: 'discountOffer',
    rate: 85,
    products: goods.map((g) => ({ productId: g.id })),
    budgetAmount: 5_000_000,
  };
  const t0 = performance.now();
  const ran = (await post('/activity/dry-run', { draft, days: 1 }, `Bearer ${token}`)) as {
    sales: number;
    changed: number;
  };
  const ms = performance.now() - t0;
  console.log(`dry run: ${ran.sales} sales replayed, ${ran.changed} changed, in ${ms.toFixed(0)} ms`);
  if (pgUrl) budgets.check(`dry run over ${ran.sales} sales`, ms, 5_000, 'ms');
  else console.log('PGlite: the dry run has its budget on PostgreSQL (BENCH_DATABASE_URL)');
} finally {
  await server.close();
}
budgets.finish('activities');
