/**
 * What the cold chain's tests share: the demo fridge, cleared of the demo's
 * two days of readings and its acknowledged excursion (they would stand
 * after every reading a test sends), and its sensor's reports.
 */
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { freshExcursions, freshFridges, freshTemperatures } from '../../../server/fresh/index.js';
import { deviceBasic, type SuiteApp } from '../helpers.js';

export const FRIDGE = 'VM2026000111';
export const MINUTE = 60_000;

/** Readings one a minute from `start`, each °C given. */
export const series = (start: number, values: readonly number[]) =>
  values.map((celsius, i) => ({ at: new Date(start + i * MINUTE).toISOString(), celsius }));

/** Minutes ago, on the minute: a test's readings start at a time no other test of its file uses. */
export const minutesAgo = (n: number) => Math.floor(Date.now() / MINUTE) * MINUTE - n * MINUTE;

export function coldFridge<U extends string>(t: SuiteApp<U>) {
  const fridgeId = () => t.ids.device(FRIDGE);
  beforeAll(async () => {
    await t.db.delete(freshExcursions).where(eq(freshExcursions.deviceId, fridgeId()));
    await t.db.delete(freshTemperatures).where(eq(freshTemperatures.deviceId, fridgeId()));
    await t.db.delete(freshFridges).where(eq(freshFridges.deviceId, fridgeId()));
  });
  const report = (readings: object[], serial = FRIDGE) =>
    t.call('fresh.temperatureReport', { body: { readings } } as never, undefined, {
      authorization: deviceBasic(serial),
    });
  return { fridgeId, report };
}
