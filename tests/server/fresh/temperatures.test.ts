/**
 * The cold chain (server/fresh/cold.ts, excursions.ts, cold-rules.ts, log.ts):
 * a fridge's readings stored once per time, refused at their field when
 * implausible; out of range for the rule's minutes locks the fridge's
 * perishable channels and opens one excursion; back in range it waits for
 * an acknowledgement that unlocks them (once), optionally throwing the
 * batches away; the board, the day's readings and the inspector's log.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../shared/business-time.js';
import { deviceChannels } from '../../../server/device/index.js';
import {
  ensureTemperatureMonths,
  freshBatches,
  freshExcursions,
  freshTemperatures,
  freshWaste,
} from '../../../server/fresh/index.js';
import { productCategories } from '../../../server/product/index.js';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { coldFridge, FRIDGE, MINUTE, minutesAgo, series } from './cold-support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const { fridgeId, report } = coldFridge(t);

const lockedChannels = async () =>
  (
    await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, fridgeId()), eq(deviceChannels.locked, true)))
  ).map((r) => r.number);

const openExcursions = () =>
  t.db
    .select({ id: freshExcursions.id, channels: freshExcursions.channels, endedAt: freshExcursions.endedAt })
    .from(freshExcursions)
    .where(and(eq(freshExcursions.deviceId, fridgeId()), isNull(freshExcursions.acknowledgedAt)));

/** An excursion of 35 minutes at 12 °C from `start`, then back at 4 °C: answers it. */
async function excursionAt(start: number) {
  const out = await report(series(start, [...Array(35).fill(12), 13.5, 4]));
  expect(out.body.code).toBe(CODE.ok);
  expect(out.body.content.excursion.state).toBe('awaiting');
  return out.body.content.excursion.id as number;
}

const acknowledge = (id: number, body: object = {}) =>
  t.ok('fresh.acknowledgeExcursion', { params: { id }, body: { stockChecked: true, ...body } }, t.token.tenant1);

describe('fresh.temperatureReport', () => {
  it('stores a reading once per fridge and time, however often it is sent', async () => {
    const readings = series(minutesAgo(2000), [3, 3.5, 4]);
    expect((await report([...readings, readings[0]!])).body.content).toEqual({ stored: 3, held: 0, excursion: null });
    expect((await report(readings)).body.content).toEqual({ stored: 0, held: 0, excursion: null });
    const stored = await t.db
      .select({ tenths: freshTemperatures.tenths })
      .from(freshTemperatures)
      .where(
        and(
          eq(freshTemperatures.deviceId, fridgeId()),
          inArray(
            freshTemperatures.at,
            readings.map((r) => new Date(r.at)),
          ),
        ),
      );
    expect(stored.map((r) => r.tenths).sort()).toEqual([30, 35, 40]);
  });

  it('refuses an implausible reading at its field and stores nothing of the report', async () => {
    const start = minutesAgo(1990);
    const fields = async (readings: object[]) => (await report(readings)).body.content?.fields;
    expect(
      await fields([...series(start, [4]), { at: new Date(Date.now() + 3_600_000).toISOString(), celsius: 4 }]),
    ).toEqual({
      'readings.1.at': 'fresh.validation.readingTime',
    });
    expect(await fields(series(Date.now() - 40 * 86_400_000, [4]))).toEqual({
      'readings.0.at': 'fresh.validation.readingTime',
    });
    expect(await fields(series(start, [61]))).toEqual({ 'readings.0.celsius': 'fresh.validation.celsius' });
    expect(await fields([{ at: 'yesterday', celsius: 4 }])).toEqual({
      'readings.0.at': 'fresh.validation.readingTime',
    });
    expect(await fields([])).toEqual({ readings: 'validation.required' });
    const kept = await t.db
      .select({ at: freshTemperatures.at })
      .from(freshTemperatures)
      .where(and(eq(freshTemperatures.deviceId, fridgeId()), eq(freshTemperatures.at, new Date(start))));
    expect(kept).toEqual([]);
  });

  it('keeps a month table for readings ahead of time', async () => {
    expect(await ensureTemperatureMonths(t.db)).toBe(0);
  });
});

describe('fresh.acknowledgeExcursion', () => {
  it('locks the perishable channels after the rule’s minutes out of range, and unlocks them once acknowledged', async () => {
    const start = minutesAgo(1900);
    // 29 minutes out is no excursion yet (the default rule: 0–8 °C for 30 minutes).
    expect((await report(series(start, Array(30).fill(9)))).body.content.excursion).toBeNull();
    expect(await lockedChannels()).toEqual([]);
    const went = await report(series(start + 30 * MINUTE, [9.5, 11]));
    expect(went.body.content.excursion.state).toBe('ongoing');
    const [open] = await openExcursions();
    const perishable = await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, fridgeId()));
    expect(open!.channels.length).toBeGreaterThan(0);
    expect(await lockedChannels()).toEqual(open!.channels);
    expect(open!.channels.every((n) => perishable.some((p) => p.number === n))).toBe(true);
    // Still out: nobody may acknowledge it.
    const early = await t.call(
      'fresh.acknowledgeExcursion',
      { params: { id: open!.id }, body: { stockChecked: true } },
      t.token.tenant1,
    );
    expect(early.body.code).toBe(CODE.excursionOngoing);
    expect((await report(series(start + 32 * MINUTE, [7, 5]))).body.content.excursion.state).toBe('awaiting');
    const unchecked = await t.call(
      'fresh.acknowledgeExcursion',
      { params: { id: open!.id }, body: { stockChecked: false } } as never,
      t.token.tenant1,
    );
    expect(unchecked.body.content.fields).toEqual({ stockChecked: 'fresh.validation.stockChecked' });
    // Another tenant's excursion is none of tenant 2's.
    const other = await t.call(
      'fresh.acknowledgeExcursion',
      { params: { id: open!.id }, body: { stockChecked: true } },
      t.token.tenant2,
    );
    expect(other.status).toBeLessThan(500);
    expect(other.body.code).not.toBe(CODE.ok);
    const done = await t.ok(
      'fresh.acknowledgeExcursion',
      { params: { id: open!.id }, body: { stockChecked: true, note: '柜门未关严，已检查' } },
      t.token.tenant1,
    );
    expect(done).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: expect.any(String),
      note: '柜门未关严，已检查',
      peak: 11,
      range: { low: 0, high: 8, minutes: 30 },
      removedUnits: 0,
    });
    expect(done.startedAt).toBe(new Date(start).toISOString());
    expect(done.endedAt).toBe(new Date(start + 32 * MINUTE).toISOString());
    expect(await lockedChannels()).toEqual([]);
    const again = await t.call(
      'fresh.acknowledgeExcursion',
      { params: { id: open!.id }, body: { stockChecked: true } },
      t.token.tenant1,
    );
    expect(again.body.code).toBe(CODE.excursionGone);
    // A late report of readings within it (half a minute between the ones known) opens it no second time.
    const late = await report(series(start + 30_000, Array(32).fill(10)));
    expect(late.body.content).toEqual({ stored: 32, held: 0, excursion: null });
    expect(await lockedChannels()).toEqual([]);
  });

  it('throws the locked channels’ batches away as temperature waste when asked', async () => {
    const id = await excursionAt(minutesAgo(1800));
    const [open] = await openExcursions();
    const before = await t.db
      .select({ id: freshBatches.id, remaining: freshBatches.remaining })
      .from(freshBatches)
      .where(
        and(
          eq(freshBatches.deviceId, fridgeId()),
          isNull(freshBatches.closedAt),
          inArray(freshBatches.channel, open!.channels),
        ),
      );
    expect(before.length).toBeGreaterThan(0);
    const done = await t.ok(
      'fresh.acknowledgeExcursion',
      { params: { id }, body: { stockChecked: true, removeBatches: true } },
      t.token.tenant1,
    );
    expect(done.removedUnits).toBe(before.reduce((sum, b) => sum + b.remaining, 0));
    const wasted = await t.db
      .select({ reason: freshWaste.reason })
      .from(freshWaste)
      .where(
        inArray(
          freshWaste.batchId,
          before.map((b) => b.id),
        ),
      );
    expect(wasted.map((w) => w.reason)).toEqual(before.map(() => 'temperature'));
    const stock = await t.db
      .select({ stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, fridgeId()), inArray(deviceChannels.number, open!.channels)));
    expect(stock.every((s) => s.stock === 0)).toBe(true);
  });
});

describe('fresh.saveColdRule', () => {
  it('holds a fridge to the strictest rule of its goods, refused at its field when it makes no range', async () => {
    const fields = async (body: object) =>
      (await t.call('fresh.saveColdRule', { body } as never, t.token.tenant1)).body.content?.fields;
    expect(await fields({ categoryId: null, low: 5, high: 5, minutes: 10 })).toEqual({
      high: 'fresh.validation.coldRange',
    });
    expect(await fields({ categoryId: null, low: 0, high: 8, minutes: 0 })).toEqual({
      minutes: 'fresh.validation.coldMinutes',
    });
    expect(await fields({ categoryId: null, low: -50, high: 8, minutes: 10 })).toEqual({
      low: 'fresh.validation.celsius',
    });
    const general = await t.ok(
      'fresh.saveColdRule',
      { body: { categoryId: null, low: 1, high: 10, minutes: 45 } },
      t.token.tenant1,
    );
    expect(general).toMatchObject({ categoryId: null, low: 1, high: 10, minutes: 45 });
    const [dairy] = await t.db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.tenantId, t.ids.tenant('A')), eq(productCategories.name, '乳制品')));
    const strict = await t.ok(
      'fresh.saveColdRule',
      { body: { categoryId: dairy!.id, low: 2, high: 6, minutes: 20 } },
      t.token.tenant1,
    );
    const board = await t.ok('fresh.fridges', { query: {}, body: { keyword: FRIDGE } }, t.token.tenant1);
    expect(board.list[0]!.range).toEqual({ low: 2, high: 6, minutes: 20 });
    // Another tenant's category: 1104; another tenant's rule: 1445.
    expect(
      (
        await t.call(
          'fresh.saveColdRule',
          { body: { categoryId: dairy!.id, low: 0, high: 4, minutes: 5 } },
          t.token.tenant2,
        )
      ).body.code,
    ).toBe(CODE.categoryNotFound);
    expect((await t.call('fresh.deleteColdRule', { params: { id: strict.id } }, t.token.tenant2)).body.code).not.toBe(
      CODE.ok,
    );
    await t.ok('fresh.deleteColdRule', { params: { id: strict.id } }, t.token.tenant1);
    await t.ok('fresh.deleteColdRule', { params: { id: general.id } }, t.token.tenant1);
    expect((await t.call('fresh.deleteColdRule', { params: { id: general.id } }, t.token.tenant1)).body.code).toBe(
      CODE.coldRuleNotFound,
    );
    const back = await t.ok('fresh.fridges', { query: {}, body: { keyword: FRIDGE } }, t.token.tenant1);
    expect(back.list[0]!.range).toEqual({ low: 0, high: 8, minutes: 30 });
  });

  it('keeps one rule per tenant and category under saves at once', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.ok('fresh.saveColdRule', { body: { categoryId: null, low: 0, high: 5 + i, minutes: 30 } }, t.token.tenant1),
      ),
    );
    const rules = await t.ok('fresh.coldRules', { body: {} }, t.token.tenant1);
    expect(rules.filter((r) => r.categoryId === null)).toHaveLength(1);
    await t.ok('fresh.deleteColdRule', { params: { id: rules[0]!.id } }, t.token.tenant1);
  });
});

describe('fresh.coldRules', () => {
  it('lists a tenant’s rules; the admin names the tenant', async () => {
    expect(await t.ok('fresh.coldRules', { body: {} }, t.token.tenant2)).toEqual([]);
    expect((await t.call('fresh.coldRules', { body: {} }, t.token.admin)).body.code).toBe(CODE.tenantRequired);
    expect(await t.ok('fresh.coldRules', { body: { tenantId: t.ids.tenant('A') } }, t.token.admin)).toEqual([]);
  });
});

describe('fresh.deleteColdRule', () => {
  it('refuses a rule that is gone', async () => {
    expect((await t.call('fresh.deleteColdRule', { params: { id: 999_999 } }, t.token.tenant1)).body.code).not.toBe(
      CODE.ok,
    );
  });
});

describe('fresh.fridges', () => {
  it('shows the fridges in scope, those awaiting an acknowledgement first, filtered by state', async () => {
    const id = await excursionAt(minutesAgo(1700));
    const board = await t.ok('fresh.fridges', { query: {}, body: {} }, t.token.tenant1);
    expect(board.list[0]).toMatchObject({ serial: FRIDGE, state: 'awaiting', celsius: 4 });
    expect(board.list[0]!.lockedChannels.length).toBeGreaterThan(0);
    const awaiting = await t.ok('fresh.fridges', { query: {}, body: { state: 'awaiting' } }, t.token.tenant1);
    expect(awaiting.list.map((f) => f.serial)).toEqual([FRIDGE]);
    expect((await t.ok('fresh.fridges', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
    expect((await t.ok('fresh.fridges', { query: {}, body: { state: 'excursion' } }, t.token.tenant1)).total).toBe(0);
    await acknowledge(id);
  });
});

describe('fresh.excursions', () => {
  it('lists the excursions, those awaiting an acknowledgement first', async () => {
    const id = await excursionAt(minutesAgo(1650));
    const listed = await t.ok('fresh.excursions', { query: {}, body: { deviceId: fridgeId() } }, t.token.tenant1);
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.list[0]!.state).not.toBe('acknowledged');
    const done = await t.ok('fresh.excursions', { query: {}, body: { state: 'acknowledged' } }, t.token.tenant1);
    expect(done.list.every((e) => e.acknowledgedAt !== null)).toBe(true);
    expect((await t.ok('fresh.excursions', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
    await acknowledge(id);
  });
});

describe('fresh.fridgeDay', () => {
  it("answers a fridge's readings of a day in time order, with the excursions overlapping it", async () => {
    const start = minutesAgo(1600);
    const id = await excursionAt(start);
    const day = businessDay(start);
    const found = await t.ok('fresh.fridgeDay', { params: { id: fridgeId() }, query: { day } }, t.token.tenant1);
    const times = found.readings.map((r) => r.at);
    expect(times).toEqual([...times].sort());
    expect(found.readings.length).toBeGreaterThanOrEqual(37);
    expect(found.excursions.some((e) => e.startedAt === new Date(start).toISOString())).toBe(true);
    expect(
      (await t.call('fresh.fridgeDay', { params: { id: fridgeId() }, query: { day } }, t.token.tenant2)).body.code,
    ).not.toBe(CODE.ok);
    await acknowledge(id);
  });
});

describe('fresh.temperatureLog', () => {
  it('exports a day as the inspector reads it: readings marked out of range, and who acknowledged', async () => {
    const start = minutesAgo(1500);
    const id = await excursionAt(start);
    await acknowledge(id, { note: '已复核' });
    const day = businessDay(start);
    const found = await t.ok('fresh.fridgeDay', { params: { id: fridgeId() }, query: { day } }, t.token.tenant1);
    const log = await t.ok(
      'fresh.temperatureLog',
      { params: { id: fridgeId() }, query: { lang: 'en' }, body: { day } },
      t.token.tenant1,
    );
    expect(log.name).toBe(`Temperature log-虹桥站鲜食柜-${day}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(log.data, 'base64') as never);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(log.rows).toBe(rows.length);
    const texts = rows.map((r) => String(r[4] ?? ''));
    expect(texts.filter((x) => x === 'Out of range').length).toBe(
      found.readings.filter((r) => r.celsius < 0 || r.celsius > 8).length,
    );
    expect(texts.some((x) => x.startsWith('Out of range 0 – 8 °C for 30 minutes'))).toBe(true);
    expect(texts.some((x) => x.includes('checked the stock and acknowledged') && x.endsWith('已复核'))).toBe(true);
  });
});
