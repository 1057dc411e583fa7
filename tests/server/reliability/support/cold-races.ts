/**
 * The cold chain's race scenarios (races.test.ts): one report of a fridge
 * sent N times at once stores each reading once and opens one excursion; an
 * excursion acknowledged N times at once is acknowledged, unlocked and
 * emptied once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { deviceChannels } from '../../../../server/device/index.js';
import { freshExcursions, freshQuarantine, freshTemperatures, freshWaste } from '../../../../server/fresh/index.js';
import { deviceBasic, type Answer, type TestApp } from '../../helpers.js';

type Check = (answers: Answer[], allowed: readonly number[]) => void;
type App = () => { t: TestApp; tenant: string; n: number; clean: Check };
const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;
const FRIDGE = 'VM2026000111';
const MINUTE = 60_000;
/** Each round's readings at times of their own, a week back and on (a report may reach 31 days back). */
let round = 0;

/** An excursion's readings: 35 minutes at 12 °C, then 4 °C. */
function excursionReadings() {
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - (10_000 - 100 * round++) * MINUTE;
  return [...Array(35).fill(12), 4].map((celsius: number, i) => ({
    at: new Date(start + i * MINUTE).toISOString(),
    celsius,
  }));
}

const report = (t: TestApp, readings: object[]) =>
  t.call('fresh.temperatureReport', { body: { readings } } as never, undefined, {
    authorization: deviceBasic(FRIDGE),
  });

const openOf = async (t: TestApp) =>
  t.db
    .select({ id: freshExcursions.id, channels: freshExcursions.channels })
    .from(freshExcursions)
    .where(and(eq(freshExcursions.deviceId, t.ids.device(FRIDGE)), isNull(freshExcursions.acknowledgedAt)));

/** Units of the fridge thrown away for its temperature so far. */
const temperatureWaste = async (t: TestApp) =>
  (
    await t.db
      .select({ units: freshWaste.units })
      .from(freshWaste)
      .where(and(eq(freshWaste.deviceId, t.ids.device(FRIDGE)), eq(freshWaste.reason, 'temperature')))
  ).reduce((sum, w) => sum + w.units, 0);

export function coldRaces(app: App) {
  return {
    'fresh.temperatureReport': async () => {
      const { t, tenant, n, clean } = app();
      const readings = excursionReadings();
      const answers = await Promise.all(Array.from({ length: n }, () => report(t, readings)));
      clean(answers, []);
      expect(answers.every(succeeded)).toBe(true);
      // Each reading stored by one of them, one excursion opened.
      expect(answers.reduce((sum, a) => sum + (a.body.content.stored as number), 0)).toBe(readings.length);
      const stored = await t.db
        .select({ at: freshTemperatures.at })
        .from(freshTemperatures)
        .where(
          and(
            eq(freshTemperatures.deviceId, t.ids.device(FRIDGE)),
            inArray(
              freshTemperatures.at,
              readings.map((r) => new Date(r.at)),
            ),
          ),
        );
      expect(stored).toHaveLength(readings.length);
      const open = await openOf(t);
      expect(open).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.content.excursion?.id))).toEqual(new Set([open[0]!.id]));
      await t.ok('fresh.acknowledgeExcursion', { params: { id: open[0]!.id }, body: { stockChecked: true } }, tenant);
    },

    'fresh.acknowledgeExcursion': async () => {
      const { t, tenant, n, clean } = app();
      expect((await report(t, excursionReadings())).body.content.excursion.state).toBe('awaiting');
      const [open] = await openOf(t);
      const before = await temperatureWaste(t);
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          t.call(
            'fresh.acknowledgeExcursion',
            { params: { id: open!.id }, body: { stockChecked: true, removeBatches: true } },
            tenant,
          ),
        ),
      );
      clean(answers, [CODE.excursionGone]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      const done = answers.find(succeeded)!.body.content;
      // The channels unlocked, and what was thrown away recorded once: as many units as the one answer says.
      const locked = await t.db
        .select({ number: deviceChannels.number })
        .from(deviceChannels)
        .where(
          and(
            eq(deviceChannels.deviceId, t.ids.device(FRIDGE)),
            eq(deviceChannels.locked, true),
            inArray(deviceChannels.number, open!.channels),
          ),
        );
      expect(locked).toEqual([]);
      expect((await temperatureWaste(t)) - before).toBe(done.removedUnits);
    },

    'fresh.decideQuarantine': async () => {
      const { t, tenant, n, clean } = app();
      // A reading 30 °C above the one before it a minute earlier: held; N approvals at once apply it once.
      const start = Math.floor(Date.now() / MINUTE) * MINUTE - (20_000 - 50 * round++) * MINUTE;
      const sent = await report(t, [
        { at: new Date(start).toISOString(), celsius: 4 },
        { at: new Date(start + MINUTE).toISOString(), celsius: 34 },
      ]);
      expect(sent.body.content.held).toBe(1);
      const [held] = await t.db
        .select({ id: freshQuarantine.id })
        .from(freshQuarantine)
        .where(
          and(
            eq(freshQuarantine.deviceId, t.ids.device(FRIDGE)),
            eq(freshQuarantine.state, 'held'),
            sql`${freshQuarantine.detail}->>'at' = ${new Date(start + MINUTE).toISOString()}`,
          ),
        );
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.call('fresh.decideQuarantine', { params: { id: held!.id }, body: { approve: i % 2 === 0 } }, tenant),
        ),
      );
      clean(answers, [CODE.quarantineDecided]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      const decided = answers.find(succeeded)!.body.content as { state: string };
      const stored = await t.db
        .select({ tenths: freshTemperatures.tenths })
        .from(freshTemperatures)
        .where(
          and(eq(freshTemperatures.deviceId, t.ids.device(FRIDGE)), eq(freshTemperatures.at, new Date(start + MINUTE))),
        );
      // Approved: stored once; rejected: not at all.
      expect(stored.map((r) => r.tenths)).toEqual(decided.state === 'approved' ? [340] : []);
    },
  };
}
