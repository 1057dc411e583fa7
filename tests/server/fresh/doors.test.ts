/**
 * A smart fridge's doors: openings capped by the tenant's rule, a close that
 * counts a decline once, a card blocked at the tenant's number in a row and
 * refused until unblocked, the lists, and the host's sheet.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../shared/business-time.js';
import { DOOR_DEFAULTS } from '../../../shared/fresh/index.js';
import { devices } from '../../../server/device/index.js';
import { freshDoorOpenings } from '../../../server/fresh/index.js';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { sheetRows } from '../sheets.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const FRIDGE = 'VM2026000111';
const fridge = () => t.ids.device(FRIDGE);
let made = 0;
/** A card of its own for each test: blocks and declines do not leak between them. */
const newCard = () => `tok_${Date.now()}_${++made}_abcdef`;
const newOpening = () => `OP-${Date.now()}-${++made}`;

const machine = (op: 'fresh.doorOpen' | 'fresh.doorClose', body: object) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(FRIDGE) });
const ready = () => t.db.update(devices).set({ online: true, locked: false }).where(eq(devices.serial, FRIDGE));

async function visit(card: string, amount: number, declined = false, tail = '4321') {
  const openingId = newOpening();
  const opened = await machine('fresh.doorOpen', { openingId, card, cardTail: tail });
  expect(opened.body.code).toBe(CODE.ok);
  const closed = await machine('fresh.doorClose', { openingId, amount, declined });
  expect(closed.body.code).toBe(CODE.ok);
  return {
    openingId,
    cap: opened.body.content.cap as number,
    ...(closed.body.content as { state: string; cardBlocked: boolean }),
  };
}

describe('fresh.doorOpen', () => {
  it("opens for the tenant's cap, the same opening once; a machine that may not sell is refused", async () => {
    await ready();
    const openingId = newOpening();
    const card = newCard();
    const first = await machine('fresh.doorOpen', { openingId, card, cardTail: '1234' });
    expect(first.body.content).toEqual({ cap: DOOR_DEFAULTS.cap });
    expect((await machine('fresh.doorOpen', { openingId, card })).body.content).toEqual({ cap: DOOR_DEFAULTS.cap });
    const rows = await t.db.select().from(freshDoorOpenings).where(eq(freshDoorOpenings.openingId, openingId));
    expect(rows).toHaveLength(1);
    // The token is never stored, only its digest.
    expect(rows[0]!.cardHash).not.toContain(card);
    expect(rows[0]).toMatchObject({ cardTail: '1234', cap: DOOR_DEFAULTS.cap, closedAt: null });
    await t.db.update(devices).set({ locked: true }).where(eq(devices.serial, FRIDGE));
    expect((await machine('fresh.doorOpen', { openingId: newOpening(), card })).body.code).toBe(CODE.deviceLocked);
    await ready();
  });

  it('refuses a malformed opening id, card or tail at its field', async () => {
    const fields = async (body: object) => (await machine('fresh.doorOpen', body)).body.content?.fields;
    expect(await fields({ openingId: 'a b', card: newCard() })).toEqual({ openingId: 'validation.code' });
    expect(Object.keys((await fields({ openingId: newOpening(), card: 'short' })) ?? {})).toEqual(['card']);
    expect(await fields({ openingId: newOpening(), card: newCard(), cardTail: '12a4' })).toEqual({
      cardTail: 'validation.invalid',
    });
  });
});

describe('fresh.doorClose', () => {
  it("counts declines in a row, blocks the card at the tenant's number, and refuses it at the door", async () => {
    await ready();
    const card = newCard();
    expect((await visit(card, 800, true)).cardBlocked).toBe(false);
    expect((await visit(card, 800, true)).cardBlocked).toBe(false);
    const third = await visit(card, 800, true);
    expect(third).toMatchObject({ state: 'declined', cardBlocked: true });
    expect((await machine('fresh.doorOpen', { openingId: newOpening(), card })).body.code).toBe(CODE.cardBlocked);
    const blocked = (await t.ok('fresh.cards', { query: {}, body: { blocked: true } }, t.token.tenant1)).list;
    expect(blocked[0]).toMatchObject({
      cardTail: '4321',
      declines: 3,
      refusals: 1,
      blockedDeviceName: expect.any(String),
    });
  });

  it('starts the count again after a payment, and a close sent again counts nothing twice', async () => {
    await ready();
    const card = newCard();
    const declined = await visit(card, 500, true);
    // The same close again: the same answer, the decline not counted twice.
    expect(
      (await machine('fresh.doorClose', { openingId: declined.openingId, amount: 500, declined: true })).body.content,
    ).toEqual({ state: 'declined', cardBlocked: false });
    await visit(card, 500, true);
    expect(await visit(card, 650)).toMatchObject({ state: 'paid', cardBlocked: false });
    await visit(card, 500, true);
    expect((await visit(card, 500, true)).cardBlocked).toBe(false);
    expect(await visit(card, 0)).toMatchObject({ state: 'nothing' });
    expect(
      (await machine('fresh.doorClose', { openingId: 'NEVER-OPENED', amount: 0, declined: false })).body.code,
    ).toBe(CODE.openingUnknown);
  });
});

describe('fresh.doorSettings', () => {
  it('answers the defaults until the tenant sets its own', async () => {
    expect(await t.ok('fresh.doorSettings', { body: {} }, t.token.tenant2)).toMatchObject({
      ...DOOR_DEFAULTS,
      own: false,
    });
    expect(
      (await t.call('fresh.doorSettings', { body: { tenantId: t.ids.tenant('A') } }, t.token.tenant2)).body.code,
    ).toBe(CODE.tenantNotFound);
  });
});

describe('fresh.saveDoorSettings', () => {
  it('keeps a cap and declines in range, the next opening capped by it', async () => {
    const fields = async (body: object) =>
      (await t.call('fresh.saveDoorSettings', { body } as never, t.token.tenant1)).body.content?.fields;
    expect(await fields({ cap: 99, declines: 3 })).toEqual({ cap: 'fresh.validation.doorCap' });
    expect(await fields({ cap: 200_001, declines: 3 })).toEqual({ cap: 'fresh.validation.doorCap' });
    expect(await fields({ cap: 5000, declines: 0 })).toEqual({ declines: 'fresh.validation.declines' });
    expect(await fields({ cap: 5000, declines: 11 })).toEqual({ declines: 'fresh.validation.declines' });
    const saved = await t.ok('fresh.saveDoorSettings', { body: { cap: 5000, declines: 2 } }, t.token.tenant1);
    expect(saved).toEqual({ tenantId: t.ids.tenant('A'), cap: 5000, declines: 2, own: true });
    await ready();
    const card = newCard();
    expect((await visit(card, 6000)).cap).toBe(5000);
    expect((await visit(card, 100, true)).cardBlocked).toBe(false);
    expect((await visit(card, 100, true)).cardBlocked).toBe(true);
    // The admin names the tenant.
    expect(
      await t.ok(
        'fresh.saveDoorSettings',
        { body: { tenantId: t.ids.tenant('A'), cap: 10_000, declines: 3 } },
        t.token.admin,
      ),
    ).toMatchObject({ cap: 10_000, declines: 3 });
  });
});

describe('fresh.doorOpenings', () => {
  it('lists the openings newest first with their state, over the cap said, by state and month', async () => {
    await ready();
    const over = await visit(newCard(), DOOR_DEFAULTS.cap + 500);
    const page = await t.ok('fresh.doorOpenings', { query: {}, body: { deviceId: fridge() } }, t.token.tenant1);
    expect(page.list[0]).toMatchObject({ openingId: over.openingId, state: 'paid', overCap: true, cardTail: '4321' });
    const declined = await t.ok('fresh.doorOpenings', { query: {}, body: { state: 'declined' } }, t.token.tenant1);
    expect(declined.total).toBeGreaterThan(0);
    expect(declined.list.every((o) => o.state === 'declined')).toBe(true);
    expect((await t.ok('fresh.doorOpenings', { query: {}, body: { month: '2020-01' } }, t.token.tenant1)).total).toBe(
      0,
    );
    expect(
      (await t.ok('fresh.doorOpenings', { query: {}, body: {} }, t.token.tenant2)).list.some(
        (o) => o.deviceId === fridge(),
      ),
    ).toBe(false);
    expect(
      (await t.call('fresh.doorOpenings', { query: {}, body: { deviceId: fridge() } }, t.token.tenant2)).body.code,
    ).toBe(CODE.deviceNotFound);
  });
});

describe('fresh.doorFridges', () => {
  it('names the fridges in scope that have had an opening', async () => {
    await ready();
    await visit(newCard(), 100);
    const mine = await t.ok('fresh.doorFridges', { body: {} }, t.token.tenant1);
    expect(mine).toContainEqual({ id: fridge(), name: expect.any(String), serial: FRIDGE });
    expect(await t.ok('fresh.doorFridges', { body: {} }, t.token.tenant2)).not.toContainEqual(
      expect.objectContaining({ id: fridge() }),
    );
  });
});

describe('fresh.cards', () => {
  it('lists the blocked cards first, and the not blocked apart', async () => {
    const all = (await t.ok('fresh.cards', { query: { pageSize: 100 }, body: {} }, t.token.tenant1)).list;
    const firstFree = all.findIndex((c) => c.blockedAt === null);
    expect(all.slice(firstFree === -1 ? all.length : firstFree).every((c) => c.blockedAt === null)).toBe(true);
    const free = await t.ok('fresh.cards', { query: {}, body: { blocked: false } }, t.token.tenant1);
    expect(free.list.every((c) => c.blockedAt === null)).toBe(true);
    expect(
      (await t.ok('fresh.cards', { query: {}, body: {} }, t.token.tenant2)).list.some(
        (c) => c.tenantId === t.ids.tenant('A'),
      ),
    ).toBe(false);
  });
});

describe('fresh.unblockCard', () => {
  it('unblocks once, clearing the declines, and the card opens the door again', async () => {
    await ready();
    const card = newCard();
    for (let i = 0; i < 3; i++) await visit(card, 300, true, '8765');
    const [blocked] = (await t.ok('fresh.cards', { query: {}, body: { blocked: true } }, t.token.tenant1)).list.filter(
      (c) => c.cardTail === '8765',
    );
    expect(
      (await t.call('fresh.unblockCard', { params: { id: blocked!.id }, body: {} }, t.token.tenant2)).body.code,
    ).toBe(CODE.cardNotBlocked);
    const done = await t.ok('fresh.unblockCard', { params: { id: blocked!.id }, body: {} }, t.token.tenant1);
    expect(done).toMatchObject({ blockedAt: null, declines: 0 });
    expect(
      (await t.call('fresh.unblockCard', { params: { id: blocked!.id }, body: {} }, t.token.tenant1)).body.code,
    ).toBe(CODE.cardNotBlocked);
    expect((await machine('fresh.doorOpen', { openingId: newOpening(), card })).body.code).toBe(CODE.ok);
  });
});

describe('fresh.hostSheet', () => {
  it("gives the host a row a day of the month: today's openings, purchases, paid, declines and goods missing", async () => {
    await ready();
    const today = businessDay();
    const month = today.slice(0, 7);
    const body = { deviceId: fridge(), month };
    const before = (
      await sheetRows((await t.ok('fresh.hostSheet', { query: { lang: 'en' }, body }, t.token.tenant1)).data)
    ).at(-1)!;
    await visit(newCard(), 1200);
    await visit(newCard(), 0);
    await visit(newCard(), 700, true);
    const sheet = await t.ok('fresh.hostSheet', { query: { lang: 'en' }, body }, t.token.tenant1);
    expect(sheet.rows).toBe(Number(today.slice(8)));
    expect(sheet.name).toMatch(new RegExp(`^Host's sheet-.+-${month}\\.xlsx$`));
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual(['Day', 'Openings', 'Purchases', 'Paid', 'Declined', 'Units missing', 'Value lost']);
    const last = rows.at(-1)!;
    expect(last[0]).toBe(today);
    expect(Number(last[1]) - Number(before[1])).toBe(3);
    expect(Number(last[2]) - Number(before[2])).toBe(1);
    expect(Math.round((Number(last[3]) - Number(before[3])) * 100)).toBe(1200);
    expect(Number(last[4]) - Number(before[4])).toBe(1);
    expect((await t.call('fresh.hostSheet', { query: {}, body }, t.token.tenant2)).body.code).toBe(CODE.deviceNotFound);
  });
});
