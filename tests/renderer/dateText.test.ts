/** What the kit's date and time fields accept, and write back (renderer/kit/dateText.ts). */
import { describe, expect, it } from 'vitest';
import { calendarDate, parseDateText, withCalendarDay } from '../../renderer/kit/dateText.js';
import { rangeInstants, rangeProblems } from '../../renderer/kit/timeRange.js';

describe('typed dates and times', () => {
  it("writes the spec's yyyy-mm-dd hh:mm:ss from what a clerk types", () => {
    expect(parseDateText('2026-11-05 08:30:15', 'datetime')).toBe('2026-11-05 08:30:15');
    expect(parseDateText('2026/11/5 8:30', 'datetime')).toBe('2026-11-05 08:30:00');
    expect(parseDateText('2026-11-05T08:30', 'datetime')).toBe('2026-11-05 08:30:00');
    expect(parseDateText(' 2026.11.05 ', 'datetime')).toBe('2026-11-05 00:00:00');
    expect(parseDateText('2026-11-05', 'date')).toBe('2026-11-05');
  });

  it("fills a range's end to the end of the day or minute typed", () => {
    expect(parseDateText('2026-11-05', 'datetime', true)).toBe('2026-11-05 23:59:59');
    expect(parseDateText('2026-11-05 08:30', 'datetime', true)).toBe('2026-11-05 08:30:59');
    expect(parseDateText('2026-11-05 08:30:10', 'datetime', true)).toBe('2026-11-05 08:30:10');
  });

  it('refuses what is no date: impossible days, hours, other shapes', () => {
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-11-05 24:00',
      '2026-11-05 08:60',
      '11/05/2026',
      'today',
      '',
    ]) {
      expect(parseDateText(bad, 'datetime'), bad).toBeNull();
    }
    expect(parseDateText('2028-02-29', 'date')).toBe('2028-02-29');
    expect(parseDateText('2026-11-05 08:00', 'date')).toBeNull();
  });

  it('puts a day picked on the calendar into the text, keeping its time', () => {
    const day = new Date(2026, 10, 22);
    expect(withCalendarDay('2026-11-05 08:30:00', day, 'datetime')).toBe('2026-11-22 08:30:00');
    expect(withCalendarDay('', day, 'datetime')).toBe('2026-11-22 00:00:00');
    expect(withCalendarDay('', day, 'datetime', true)).toBe('2026-11-22 23:59:59');
    expect(withCalendarDay('whatever', day, 'date')).toBe('2026-11-22');
    expect(calendarDate('2026-11-22 08:30:00')?.getDate()).toBe(22);
    expect(calendarDate('')).toBeUndefined();
  });
});

describe('a typed time range (renderer/kit/timeRange.ts)', () => {
  it('names a bad end or start, and an end before the start', () => {
    expect(rangeProblems('', '')).toEqual({});
    expect(rangeProblems('2026-13-40', '')).toEqual({ from: 'dateField.invalid' });
    expect(rangeProblems('2026-11-05', 'soon')).toEqual({ to: 'dateField.invalid' });
    expect(rangeProblems('2026-11-05 10:00', '2026-11-05 09:00')).toEqual({ to: 'dateField.range' });
    // A day typed alone as the end runs to its end: the same day is no backwards range.
    expect(rangeProblems('2026-11-05 10:00', '2026-11-05')).toEqual({});
  });

  it('sends China time as instants, the end to its last millisecond', () => {
    expect(rangeInstants('2026-11-05', '2026-11-05')).toEqual({
      from: '2026-11-04T16:00:00.000Z',
      to: '2026-11-05T15:59:59.999Z',
    });
    expect(rangeInstants('', '')).toEqual({});
  });
});
