/** When readings make an excursion (shared/fresh/excursion.ts): a run out of range lasting the rule's minutes. */
import { describe, expect, it } from 'vitest';
import { excursionOf, type Reading } from '../../../shared/fresh/excursion.js';

const MINUTE = 60_000;
const RANGE = { low: 0, high: 80, minutes: 30 };
/** Readings one a minute from 0, in tenths. */
const run = (tenths: readonly number[], from = 0): Reading[] =>
  tenths.map((t, i) => ({ at: from + i * MINUTE, tenths: t }));

describe('excursionOf', () => {
  it('opens none for a run shorter than the rule’s minutes, however far out', () => {
    expect(excursionOf(run([40, ...Array(30).fill(200), 40]), RANGE, null)).toBeNull();
  });

  it('opens at the first reading of a run lasting the minutes, peaking at the furthest reading either side', () => {
    expect(excursionOf(run([40, ...Array(31).fill(90), -30, 95])!, RANGE, null)).toEqual({
      startedAt: MINUTE,
      peak: -30,
      endedAt: null,
    });
    expect(excursionOf(run([40, ...Array(31).fill(90), 40, 50]), RANGE, null)).toEqual({
      startedAt: MINUTE,
      peak: 90,
      endedAt: 32 * MINUTE,
    });
  });

  it('counts a run from its first reading: one in range starts it again', () => {
    expect(excursionOf(run([...Array(20).fill(90), 50, ...Array(20).fill(90)]), RANGE, null)).toBeNull();
  });

  it('carries an open excursion on: out again after its end makes it go on, its peak kept', () => {
    const open = { startedAt: 0, peak: 150, endedAt: 40 * MINUTE };
    expect(excursionOf(run([90, 60], 50 * MINUTE), RANGE, open)).toEqual({
      startedAt: 0,
      peak: 150,
      endedAt: 51 * MINUTE,
    });
    expect(excursionOf(run([60, 90], 50 * MINUTE), RANGE, open)).toEqual({ startedAt: 0, peak: 150, endedAt: null });
    expect(excursionOf(run([60, 70], 50 * MINUTE), RANGE, open)).toEqual(open);
  });
});
