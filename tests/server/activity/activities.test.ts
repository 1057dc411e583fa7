/** Activities: create per type with §5, the states under a moving clock, terminate, extend (3413, 3437), disable twice, 3436, the preview. */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { activityBody, stockMachine } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'member1']);
let m: Awaited<ReturnType<typeof stockMachine>>;
beforeAll(async () => {
  m = await stockMachine(t);
});

const create = (over: Parameters<typeof activityBody>[2] = {}, token = t.token.tenant1) =>
  t.call('activity.create', { body: activityBody(m.deviceId, m.productA, over) as never }, token);

describe('activity.create', () => {
  it('keeps only what the type asks for, and names what it applies to', async () => {
    const made = await create({
      type: 'discountOffer',
      rate: 80,
      threshold: 500,
      products: [{ productId: m.productA, price: 1 }],
    });
    expect(made.status).toBe(200);
    const a = made.body.content;
    expect(a).toMatchObject({
      type: 'discountOffer',
      rate: 80,
      threshold: null,
      state: 'active',
      targets: 1,
      products: 1,
    });
    expect(a.productLines[0]!.price).toBeNull();
    expect(a.devices.map((d: { id: number }) => d.id)).toEqual([m.deviceId]);
  });
  it('refuses what §5 refuses, each on its field', async () => {
    const fields = async (over: object) => (await create(over as never)).body.content.fields;
    expect(await fields({ products: [{ productId: m.productA }] })).toHaveProperty(['products.0.price']);
    expect(await fields({ type: 'fullReduction', threshold: 500, reduction: 500 })).toHaveProperty('reduction');
    expect(await fields({ type: 'teamDiscount', rate: 50 })).toHaveProperty('minUnits');
    expect(await fields({ type: 'coupon', coupon: { type: 'reduction', quantity: 10, validDays: 7 } })).toHaveProperty([
      'coupon.amount',
    ]);
    expect(await fields({ crowd: 'inGroups' })).toHaveProperty('groupIds');
    expect(await fields({ deviceIds: [] })).toHaveProperty('deviceIds');
    expect(await fields({ endAt: new Date(Date.now() - 120_000).toISOString() })).toHaveProperty('endAt');
  });
  it('refuses an end already past (3437) and a device or product of another tenant (3414)', async () => {
    const past = {
      startAt: new Date(Date.now() - 86_400_000).toISOString(),
      endAt: new Date(Date.now() - 1000).toISOString(),
    };
    expect((await create(past)).body.code).toBe(CODE.endBeforeNow);
    expect((await create({}, t.token.tenant2)).body.code).toBe(CODE.activityRefUnknown);
  });
});

describe('activity.page', () => {
  it('filters by state, type and device; another tenant sees none of them; a member is refused', async () => {
    const later = (
      await create({
        startAt: new Date(Date.now() + 86_400_000).toISOString(),
        endAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      })
    ).body.content;
    const page = (body: object, token = t.token.tenant1) => t.ok('activity.page', { query: {}, body }, token);
    expect((await page({ state: 'notStarted' })).list.map((a) => a.id)).toContain(later.id);
    expect((await page({ state: 'active' })).list.map((a) => a.id)).not.toContain(later.id);
    expect((await page({ deviceId: m.deviceId })).list.every((a) => a.targets >= 1)).toBe(true);
    expect((await page({ type: 'coupon' })).list.map((a) => a.id)).not.toContain(later.id);
    expect((await page({}, t.token.tenant2)).list.map((a) => a.id)).not.toContain(later.id);
    // A device of another tenant is refused like a lookup of it, not answered with an empty page.
    expect(await t.code('activity.page', { query: {}, body: { deviceId: m.deviceId } }, t.token.tenant2)).toBe(
      CODE.deviceNotFound,
    );
    expect(await t.code('activity.page', { query: {}, body: {} }, t.token.member1)).toBe(CODE.forbidden);
  });
});

describe('activity.info', () => {
  it('answers one of the scope, 3410 beyond', async () => {
    const a = (await create()).body.content;
    expect((await t.ok('activity.info', { params: { id: a.id } }, t.token.tenant1)).name).toBe(a.name);
    expect(await t.code('activity.info', { params: { id: a.id } }, t.token.tenant2)).toBe(CODE.activityNotFound);
  });
});

describe('activity.update', () => {
  it('rewrites one not yet started; one started is 3411', async () => {
    const later = (
      await create({
        startAt: new Date(Date.now() + 86_400_000).toISOString(),
        endAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      })
    ).body.content;
    const body = activityBody(m.deviceId, m.productB, { name: later.name, startAt: later.startAt, endAt: later.endAt });
    const updated = await t.ok('activity.update', { params: { id: later.id }, body: body as never }, t.token.tenant1);
    expect(updated.productLines.map((p) => p.productId)).toEqual([m.productB]);
    const now = (await create()).body.content;
    expect(await t.code('activity.update', { params: { id: now.id }, body: body as never }, t.token.tenant1)).toBe(
      CODE.activityStarted,
    );
  });
});

describe('activity.terminate', () => {
  it('stops for good: a second terminate and an extension are 3412', async () => {
    const a = (await create()).body.content;
    expect((await t.ok('activity.terminate', { params: { id: a.id } }, t.token.tenant1)).state).toBe('stopped');
    expect(await t.code('activity.terminate', { params: { id: a.id } }, t.token.tenant1)).toBe(CODE.activityOver);
    const endAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    expect(await t.code('activity.extend', { params: { id: a.id }, body: { endAt } }, t.token.tenant1)).toBe(
      CODE.activityOver,
    );
  });
});

describe('activity.extend', () => {
  it('moves the end later, never before the original end (3413) nor now (3437); past its original end it stays active', async () => {
    const a = (await create({ endAt: new Date(Date.now() + 1500).toISOString() })).body.content;
    const end = Date.parse(a.endAt);
    const extend = (ms: number) =>
      t.call('activity.extend', { params: { id: a.id }, body: { endAt: new Date(ms).toISOString() } }, t.token.tenant1);
    expect((await extend(end - 1000)).body.code).toBe(CODE.extendBeforeEnd);
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 100));
    expect((await t.ok('activity.info', { params: { id: a.id } }, t.token.tenant1)).state).toBe('expired');
    // An end after the original one but already past is 3437.
    expect((await extend(end + 50)).body.code).toBe(CODE.endBeforeNow);
    const later = await extend(end + 86_400_000);
    expect(later.body.content).toMatchObject({
      extendedEndAt: new Date(end + 86_400_000).toISOString(),
      state: 'active',
    });
  });
});

describe('activity.setState', () => {
  it('disables and enables; twice is 3415 / 3416, and of 20 at once one succeeds', async () => {
    const a = (await create()).body.content;
    const set = (state: 'normal' | 'disabled') =>
      t.call('activity.setState', { params: { id: a.id }, body: { state } }, t.token.tenant1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => set('disabled')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code === CODE.activityAlreadyDisabled)).toHaveLength(19);
    expect((await t.ok('activity.info', { params: { id: a.id } }, t.token.tenant1)).state).toBe('disabled');
    expect((await set('normal')).body.content.state).toBe('active');
    expect((await set('normal')).body.code).toBe(CODE.activityAlreadyEnabled);
  });
});

describe('group.delete while an activity names the group', () => {
  it('is 3436 while an activity names the group', async () => {
    const group = await t.ok(
      'group.create',
      {
        body: {
          name: `活动分组${process.pid}`,
          definition: '测试',
          identifier: 'phone',
          importMethod: 'preImport',
        } as never,
      },
      t.token.tenant1,
    );
    await create({ crowd: 'inGroups', groupIds: [group.id] });
    expect(await t.code('group.delete', { params: { id: group.id } }, t.token.tenant1)).toBe(CODE.groupBoundToDiscount);
  });
});

describe('activity.choices', () => {
  it("offers the tenant's devices, scenes, products and groups; none of another tenant's", async () => {
    const mine = await t.ok('activity.choices', { body: {} }, t.token.tenant1);
    expect(mine.devices.map((d) => d.id)).toContain(m.deviceId);
    expect(mine.products.map((p) => p.id)).toContain(m.productA);
    expect(mine.groups.map((g) => g.name)).toContain('浦东软件园员工');
    const theirs = await t.ok('activity.choices', { body: {} }, t.token.tenant2);
    expect(theirs.devices.map((d) => d.id)).not.toContain(m.deviceId);
    expect(theirs.groups.map((g) => g.name)).not.toContain('浦东软件园员工');
  });
});

describe('activity.preview', () => {
  it('prices by the same engine, with the unsaved draft and why; a product the device does not sell is 3417', async () => {
    const draft = activityBody(m.deviceId, m.productA, { products: [{ productId: m.productA, price: 450 }] });
    const answer = await t.ok(
      'activity.preview',
      { body: { deviceId: m.deviceId, items: [{ productId: m.productA, count: 2 }], draft: draft as never } },
      t.token.tenant1,
    );
    expect(answer).toMatchObject({ listTotal: 2000, total: 900 });
    expect(answer.applied).toEqual([
      expect.objectContaining({ lane: 'price', discount: 1100, draft: true, name: draft.name }),
    ]);
    expect(
      await t.code(
        'activity.preview',
        { body: { deviceId: m.deviceId, items: [{ productId: 999_999, count: 1 }] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.productNotAtDevice);
    expect(
      await t.code(
        'activity.preview',
        { body: { deviceId: m.deviceId, items: [{ productId: m.productA, count: 1 }] } },
        t.token.tenant2,
      ),
    ).toBe(CODE.deviceNotFound);
  });
});
