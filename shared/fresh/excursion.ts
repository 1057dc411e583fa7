/**
 * When a fridge's readings make an excursion (docs/domains/fresh.md#temperature):
 * a run of readings out of the range lasting the rule's minutes, from the
 * first reading out to the last. Pure, so the upstream's report and the
 * tests share it; temperatures in tenths of a degree, times in milliseconds.
 */

export interface Reading {
  at: number;
  tenths: number;
}

/** A range in tenths of a degree, and the minutes out of it that make an excursion. */
export interface TenthsRange {
  low: number;
  high: number;
  minutes: number;
}

/** What an excursion is after a walk of the readings: since when, its furthest reading, and the first reading back in range (null: still out). */
export interface ExcursionSpan {
  startedAt: number;
  peak: number;
  endedAt: number | null;
}

export const outOfRange = (tenths: number, range: TenthsRange): boolean => tenths < range.low || tenths > range.high;

/** How far out of the range a reading is (0 inside it). */
const beyond = (tenths: number, range: TenthsRange): number =>
  tenths < range.low ? range.low - tenths : tenths > range.high ? tenths - range.high : 0;

/**
 * The excursion `readings` (in time order) make, carrying on `open` if one
 * is: without one, the first run out of range that lasts `range.minutes`
 * opens it (null if none does). Its peak is the reading furthest out; it
 * ends at the first reading back in range after its last reading out, and
 * a reading out again after that makes it go on.
 */
export function excursionOf(
  readings: readonly Reading[],
  range: TenthsRange,
  open: ExcursionSpan | null,
): ExcursionSpan | null {
  let startedAt = open?.startedAt ?? null;
  if (startedAt === null) {
    let run: number | null = null;
    for (const r of readings) {
      if (!outOfRange(r.tenths, range)) {
        run = null;
        continue;
      }
      run ??= r.at;
      if (r.at - run >= range.minutes * 60_000) {
        startedAt = run;
        break;
      }
    }
    if (startedAt === null) return null;
  }
  let peak = open?.peak ?? null;
  let endedAt = open?.endedAt ?? null;
  for (const r of readings) {
    if (r.at < startedAt) continue;
    if (outOfRange(r.tenths, range)) {
      if (peak === null || beyond(r.tenths, range) > beyond(peak, range)) peak = r.tenths;
      endedAt = null;
    } else if (endedAt === null) endedAt = r.at;
  }
  return { startedAt, peak: peak!, endedAt };
}
