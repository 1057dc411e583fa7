/**
 * The dashboard's date shortcuts (spec §2: today, yesterday, last 7 days,
 * this month, custom range) as business days — China time, whatever the
 * computer's zone (shared/business-time.ts). Pure, unit-tested.
 */
import { addDays, businessDay, monthStart } from '../../shared/business-time.js';
import type { DashboardRange } from '../../shared/dashboard/index.js';

export const SHORTCUTS = ['today', 'yesterday', 'last7', 'thisMonth', 'custom'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

/** The range a shortcut stands for on `now`; `custom` keeps the given one. */
export function rangeOf(shortcut: Exclude<Shortcut, 'custom'>, now: number | Date = Date.now()): DashboardRange {
  const today = businessDay(now);
  switch (shortcut) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: monthStart(today), to: today };
  }
}

/** Whether a range has today in it: its figures move as machines sell. */
export const includesToday = (range: DashboardRange, now: number | Date = Date.now()) =>
  range.from <= businessDay(now) && businessDay(now) <= range.to;
