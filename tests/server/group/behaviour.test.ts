/**
 * Groups computed from behaviour, against hand-counted fixtures: five people
 * of tenant A with known histories at two machines of two points, each rule
 * kind finding exactly whom it should, conditions together, the computation
 * writing the group (added, left, a disabled member staying out), the sweep
 * asking once, and the refusals (3408 a device of another tenant, 3409 a
 * group of identifiers, a rule without conditions or on the wrong method).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BehaviourRule } from '../../../shared/group/index.js';
import { CODE } from '../../../shared/domains.js';
import { deviceChannels, devices } from '../../../server/device/index.js';
import { buyers, sweepBehaviourGroups } from '../../../server/group/behaviour.js';
import { groupMembers, groups } from '../../../server/group/index.js';
import { rowsOf } from '../../../server/db/sql.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { products } from '../../../server/product/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, sell, stock } from '../member/support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const HONGQIAO = 'VM2026000101';
const SQUARE = 'VM2026000104';
const people: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5', number> = { p1: 0, p2: 0, p3: 0, p4: 0, p5: 0 };
let productAtHongqiao = 0;
let pointOfHongqiao = 0;

/** A sale naming the member, `daysAgo` days back. */
async function bought(serial: string, memberId: number, daysAgo = 0, count = 1) {
  const sale = await sell(t, serial, { memberId, items: [{ channel: 1, count }] });
  expect(sale.body.code, JSON.stringify(sale.body)).toBe(CODE.ok);
  if (daysAgo)
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(eq(orders.number, (sale.body.content as { orderNumber: string }).orderNumber));
}
const found = async (rule: BehaviourRule) =>
  (await rowsOf<{ id: number }>(t.db, buyers(t.ids.tenant('A'), rule))).map((r) => r.id).sort((a, b) => a - b);
const ids = (...who: (keyof typeof people)[]) => who.map((w) => people[w]).sort((a, b) => a - b);
/** A group of tenant A as tenant1 asks for it: `group.create`'s answer. */
const create = (name: string, fields: { importMethod: 'behaviour' | 'preImport'; behaviour?: BehaviourRule }) =>
  t.call(
    'group.create',
    { body: { name: `${name}${process.pid}`, definition: `${name}的会员`, identifier: 'phone', ...fields } },
    t.token.tenant1,
  );
const made = async (name: string, behaviour: BehaviourRule) => {
  const answer = await create(name, { importMethod: 'behaviour', behaviour });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(CODE.ok);
  return answer.body.content;
};

beforeAll(async () => {
  // Each person's history here is the test's own: the demo's member purchases (its activities' history) left out.
  await t.db
    .update(orders)
    .set({ memberId: null })
    .where(sql`${orders.memberId} is not null`);
  await stock(t, HONGQIAO);
  await stock(t, SQUARE);
  await t.db
    .update(devices)
    .set({ online: true })
    .where(inArray(devices.serial, [HONGQIAO, SQUARE]));
  // The square's channel 1 sells another product than Hongqiao's.
  const [channel] = await t.db
    .select({ productId: deviceChannels.productId })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, t.ids.device(HONGQIAO)), eq(deviceChannels.number, 1)));
  productAtHongqiao = channel!.productId!;
  const [other] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, t.ids.tenant('A')), ne(products.id, productAtHongqiao)))
    .limit(1);
  await t.db
    .update(deviceChannels)
    .set({ productId: other!.id })
    .where(and(eq(deviceChannels.deviceId, t.ids.device(SQUARE)), eq(deviceChannels.number, 1)));
  for (const who of Object.keys(people) as (keyof typeof people)[])
    people[who] = (await memberSession(t, t.ids.tenant('A'))).member.id;
  await bought(HONGQIAO, people.p1); // ¥12.50 today at Hongqiao
  await bought(SQUARE, people.p2, 0, 3); // ¥37.50 today at the square
  await bought(HONGQIAO, people.p3, 50); // only 50 days ago
  await bought(SQUARE, people.p4); // today at the square…
  await bought(SQUARE, people.p4, 50); // …and 50 days ago; p5 never bought
  const [order] = await t.db.select({ pointId: orders.pointId }).from(orders).where(eq(orders.memberId, people.p1));
  pointOfHongqiao = order!.pointId!;
});

describe('who a rule finds', () => {
  it('bought at a point, or at a device, in the window', async () => {
    expect(
      await found({ days: 30, conditions: [{ kind: 'boughtAt', deviceIds: [], pointIds: [pointOfHongqiao] }] }),
    ).toEqual(ids('p1'));
    expect(
      await found({ days: 90, conditions: [{ kind: 'boughtAt', deviceIds: [], pointIds: [pointOfHongqiao] }] }),
    ).toEqual(ids('p1', 'p3'));
    const square = t.ids.device(SQUARE);
    expect(await found({ days: 30, conditions: [{ kind: 'boughtAt', deviceIds: [square], pointIds: [] }] })).toEqual(
      ids('p2', 'p4'),
    );
  });

  it('spent at least an amount in the window, net of refunds', async () => {
    expect(await found({ days: 30, conditions: [{ kind: 'spent', minFen: 2_500 }] })).toEqual(ids('p2'));
    expect(await found({ days: 90, conditions: [{ kind: 'spent', minFen: 2_500 }] })).toEqual(ids('p2', 'p4'));
    expect(await found({ days: 30, conditions: [{ kind: 'spent', minFen: 1_250 }] })).toEqual(ids('p1', 'p2', 'p4'));
  });

  it('bought a product in the window', async () => {
    expect(await found({ days: 30, conditions: [{ kind: 'boughtProduct', productIds: [productAtHongqiao] }] })).toEqual(
      ids('p1'),
    );
    expect(await found({ days: 90, conditions: [{ kind: 'boughtProduct', productIds: [productAtHongqiao] }] })).toEqual(
      ids('p1', 'p3'),
    );
  });

  it('stopped buying: bought once, and nothing for the whole window', async () => {
    expect(await found({ days: 30, conditions: [{ kind: 'lapsed' }] })).toEqual(ids('p3'));
    expect(await found({ days: 60, conditions: [{ kind: 'lapsed' }] })).toEqual([]);
  });

  it('all the conditions together', async () => {
    const square = t.ids.device(SQUARE);
    expect(
      await found({
        days: 30,
        conditions: [
          { kind: 'boughtAt', deviceIds: [square], pointIds: [] },
          { kind: 'spent', minFen: 2_500 },
        ],
      }),
    ).toEqual(ids('p2'));
  });
});

describe('group.preview', () => {
  it('counts what the rule finds, and refuses a device of another tenant (3408)', async () => {
    const rule = { days: 30, conditions: [{ kind: 'spent' as const, minFen: 1_250 }] };
    expect((await t.ok('group.preview', { body: { behaviour: rule } }, t.token.tenant1)).size).toBe(3);
    const theirs = await t.db
      .select({ id: deviceChannels.deviceId })
      .from(deviceChannels)
      .where(eq(deviceChannels.tenantId, t.ids.tenant('B')))
      .limit(1);
    const foreign = { days: 30, conditions: [{ kind: 'boughtAt' as const, deviceIds: [theirs[0]!.id], pointIds: [] }] };
    expect(await t.code('group.preview', { body: { behaviour: foreign } }, t.token.tenant1)).toBe(
      CODE.behaviourRefUnknown,
    );
  });
});

describe('group.behaviourChoices', () => {
  it("offers the tenant's own devices, points and the products its machines sell, never another's", async () => {
    const mine = await t.ok('group.behaviourChoices', { body: {} }, t.token.tenant1);
    expect(mine.devices.map((d) => d.serial)).toEqual(expect.arrayContaining([HONGQIAO, SQUARE]));
    expect(mine.points.map((p) => p.id)).toContain(pointOfHongqiao);
    expect(mine.products.map((p) => p.id)).toContain(productAtHongqiao);
    const theirs = await t.ok('group.behaviourChoices', { body: {} }, t.token.tenant2);
    expect(theirs.devices.map((d) => d.serial)).not.toContain(HONGQIAO);
    expect(theirs.points.map((p) => p.id)).not.toContain(pointOfHongqiao);
  });
});

describe('group.recompute', () => {
  it('is computed by a job on creation and again on request: added, left, a disabled member kept out', async () => {
    const square = t.ids.device(SQUARE);
    const group = await made('广场常客', {
      days: 30,
      conditions: [{ kind: 'boughtAt', deviceIds: [square], pointIds: [] }],
    });
    expect(group).toMatchObject({ identifier: 'cardNumber', computing: true, computedAt: null, size: 0 });
    await t.runJobs();
    const computed = await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1);
    expect(computed).toMatchObject({ size: 2, computing: false });
    expect(computed.computedAt).not.toBeNull();
    const memberIds = async () =>
      (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id)))
        .map((m) => `${m.memberId}:${m.state}`)
        .sort();
    expect(await memberIds()).toEqual([`${people.p2}:activated`, `${people.p4}:activated`].sort());

    // p1 buys at the square; p4 is disabled by hand; p2's purchase turns out to be 40 days old.
    await bought(SQUARE, people.p1);
    const [p4] = await t.db
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.memberId, people.p4)));
    await t.ok(
      'group.decide',
      { params: { id: group.id }, body: { ids: [p4!.id], action: 'disable' } },
      t.token.tenant1,
    );
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(orders.memberId, people.p2));
    expect(await t.ok('group.recompute', { params: { id: group.id } }, t.token.tenant1)).toEqual({ requested: true });
    expect((await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1)).computing).toBe(true);
    await t.runJobs();
    expect(await memberIds()).toEqual([`${people.p1}:activated`, `${people.p4}:disabled`].sort());
    expect((await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1)).size).toBe(1);

    // New conditions are computed again at once.
    await t.ok(
      'group.update',
      {
        params: { id: group.id },
        body: {
          name: group.name,
          definition: group.definition,
          review: false,
          behaviour: { days: 30, conditions: [{ kind: 'lapsed' }] },
        },
      },
      t.token.tenant1,
    );
    await t.runJobs();
    // p2's one purchase is 40 days old now: it stopped buying too.
    expect(await memberIds()).toEqual(
      [`${people.p2}:activated`, `${people.p3}:activated`, `${people.p4}:disabled`].sort(),
    );
  });

  it('is asked for by the sweep once it is an hour old, once however many sweeps run', async () => {
    const group = await made('沉睡会员', { days: 30, conditions: [{ kind: 'lapsed' }] });
    await t.runJobs();
    await t.db
      .update(groups)
      .set({ computedAt: sql`now() - interval '2 hours'`, computeRequestedAt: sql`now() - interval '2 hours'` })
      .where(eq(groups.id, group.id));
    const [first, second] = await Promise.all([sweepBehaviourGroups(t.db), sweepBehaviourGroups(t.db)]);
    expect(first! + second!).toBe(1);
    expect((await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1)).computing).toBe(true);
    await t.runJobs();
    expect((await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1)).computing).toBe(false);
  });

  it('is not "computing" while disabled: its job does nothing then', async () => {
    const group = await made('停用后的分组', { days: 30, conditions: [{ kind: 'lapsed' }] });
    expect(group.computing).toBe(true);
    await t.ok('group.setState', { params: { id: group.id }, body: { state: 'disabled' } }, t.token.tenant1);
    await t.runJobs();
    expect((await t.ok('group.info', { params: { id: group.id } }, t.token.tenant1)).computing).toBe(false);
  });

  it('refuses what is not a behaviour group (3409) and a rule on the wrong method', async () => {
    const plain = (await create('普通分组', { importMethod: 'preImport' })).body.content;
    expect(await t.code('group.recompute', { params: { id: plain.id } }, t.token.tenant1)).toBe(CODE.groupNotBehaviour);
    const rule = { days: 7, conditions: [{ kind: 'lapsed' as const }] };
    expect(
      await t.code(
        'group.update',
        {
          params: { id: plain.id },
          body: { name: plain.name, definition: plain.definition, review: false, behaviour: rule },
        },
        t.token.tenant1,
      ),
    ).toBe(CODE.groupNotBehaviour);
    const wrong = await create('错配分组', { importMethod: 'preImport', behaviour: rule });
    expect(wrong.body.code).toBe(CODE.badRequest);
    const empty = await create('空条件', { importMethod: 'behaviour', behaviour: { days: 7, conditions: [] } });
    expect(empty.body.code).toBe(CODE.badRequest);
    expect(
      await t.db
        .select()
        .from(groups)
        .where(inArray(groups.name, [`错配分组${process.pid}`, `空条件${process.pid}`])),
    ).toEqual([]);
  });
});

// The order items of the fixtures exist (boughtProduct reads them).
it('keeps an item per sale', async () => {
  const items = await t.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orders.memberId, Object.values(people)));
  expect(items.length).toBeGreaterThanOrEqual(6);
});
