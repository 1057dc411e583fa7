/**
 * A time range typed in two kit date fields (DateTimeInput): what is wrong
 * with it, by field, as catalogue keys, and the instants the API takes. The
 * range is typed on the business clock (China time, whatever the computer's:
 * shared/business-time.ts); its end is included to its end.
 */
import { businessInstant } from '../../shared/business-time.js';
import { parseDateText } from './dateText.js';

export interface RangeProblems {
  from?: 'dateField.invalid';
  to?: 'dateField.invalid' | 'dateField.range';
}

/** An end or start that is no date, or an end before the start; an empty end is no problem (a form needing both says so itself). */
export function rangeProblems(from: string, to: string): RangeProblems {
  const start = parseDateText(from, 'datetime');
  const end = parseDateText(to, 'datetime', true);
  const problems: RangeProblems = {};
  if (from.trim() !== '' && !start) problems.from = 'dateField.invalid';
  if (to.trim() !== '' && !end) problems.to = 'dateField.invalid';
  else if (start && end && end < start) problems.to = 'dateField.range';
  return problems;
}

/** The range as ISO instants, each only when typed: the end to its last millisecond (a day typed alone to 23:59:59.999). */
export function rangeInstants(from: string, to: string): { from?: string; to?: string } {
  const start = businessInstant(parseDateText(from, 'datetime') ?? '');
  const end = businessInstant(parseDateText(to, 'datetime', true) ?? '');
  return {
    ...(start ? { from: start.toISOString() } : {}),
    ...(end ? { to: new Date(end.getTime() + 999).toISOString() } : {}),
  };
}
