/** Spec §9 date display: `yyyy-mm-dd hh:mm:ss` in the business time zone, typed times read in it, and the relative time with its boundaries. */
import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatTime,
  formatYuan,
  isIsoDate,
  maskContact,
  parseYuan,
  relativeTime,
  toDate,
  yuanInput,
} from '../../shared/format.js';
import {
  businessDateTime,
  businessInstant,
  businessMinuteOfDay,
  businessOffsetMinutes,
  daysLeft,
  otherZoneThanBusiness,
} from '../../shared/business-time.js';
import { inWindow } from '../../shared/firmware/index.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/** Runs `body` with this process's clock in another time zone (Node reads TZ again when it is set). */
function inZone<T>(zone: string, body: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('formatDay', () => {
  it("is China's date of an instant, not UTC's: before 08:00 China time the UTC text's date is the day before", () => {
    expect(formatDay('2026-11-30T17:30:00Z')).toBe('2026-12-01');
    expect(formatDay('2026-11-30T15:59:59Z')).toBe('2026-11-30');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a time')).toBe('');
  });
});

describe('isIsoDate', () => {
  it('is a real day of the years 1900–2999 only: the database has no year 0, and 0000-02-29 is a day to JavaScript', () => {
    expect(isIsoDate('2026-12-04')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2999-12-31')).toBe(true);
    for (const bad of [
      '0000-02-29',
      '0001-01-01',
      '1899-12-31',
      '3000-01-01',
      '2026-02-29',
      '2026-13-01',
      '2026-1-01',
      '+02026-01-01',
    ])
      expect(isIsoDate(bad), bad).toBe(false);
  });
});

describe('formatTime', () => {
  it("shows an instant as China time, zero-padded, whatever the computer's zone", () => {
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Berlin']) {
      inZone(zone, () => {
        expect(formatTime('2026-01-01T19:04:05Z')).toBe('2026-01-02 03:04:05');
        expect(formatTime(new Date('2026-03-15T08:09:10.000Z'))).toBe('2026-03-15 16:09:10');
        expect(formatTime(Date.parse('2026-12-31T15:59:59Z'))).toBe('2026-12-31 23:59:59');
        expect(formatTime('2026-07-01T00:30:00+02:00')).toBe('2026-07-01 06:30:00');
      });
    }
  });

  it('takes a time without a zone as the business wall clock it already is', () => {
    inZone('America/New_York', () => {
      expect(formatTime('2026-03-15T08:09:10')).toBe('2026-03-15 08:09:10');
      expect(formatTime('2026-03-15 08:09')).toBe('2026-03-15 08:09:00');
    });
  });

  it('answers empty for nothing or an invalid time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(formatTime(new Date(Number.NaN))).toBe('');
    expect(toDate('nope')).toBeNull();
  });

  it('does not change the Date it is given', () => {
    const d = new Date(2026, 5, 6, 7, 8, 9);
    formatTime(d);
    expect(d.getTime()).toBe(new Date(2026, 5, 6, 7, 8, 9).getTime());
  });
});

describe('the business clock', () => {
  it("reads a typed wall-clock time as China time, whatever the computer's zone", () => {
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/Los_Angeles']) {
      inZone(zone, () => {
        expect(businessInstant('2026-11-25T00:00')?.toISOString()).toBe('2026-11-24T16:00:00.000Z');
        expect(businessInstant('2026-11-25 07:17:30')?.toISOString()).toBe('2026-11-24T23:17:30.000Z');
        expect(businessDateTime(businessInstant('2026-02-28T23:59')!)).toBe('2026-02-28 23:59:00');
        expect(businessOffsetMinutes(Date.now())).toBe(480);
      });
    }
    expect(businessInstant('25/11/2026 10:00')).toBeNull();
    expect(businessInstant('')).toBeNull();
  });

  it("places an instant in the business day's minutes and a daily window, one that crosses midnight too", () => {
    // 17:30 UTC is 01:30 the next day in China.
    expect(businessMinuteOfDay(Date.parse('2026-11-24T17:30:00Z'))).toBe(90);
    expect(inWindow(90, 60, 300)).toBe(true);
    expect(inWindow(300, 60, 300)).toBe(false);
    expect(inWindow(30, 22 * 60, 120)).toBe(true);
    expect(inWindow(12 * 60, 22 * 60, 120)).toBe(false);
  });

  it("tells when the computer shows another zone than the business's", () => {
    expect(inZone('UTC', () => otherZoneThanBusiness())).toBe(true);
    expect(inZone('Asia/Shanghai', () => otherZoneThanBusiness())).toBe(false);
    expect(inZone('Asia/Taipei', () => otherZoneThanBusiness())).toBe(false);
  });
});

describe("daysLeft (a service's days left, on the business calendar)", () => {
  const china = (wall: string) => businessInstant(wall)!;
  it('counts calendar days in China time, whatever the time of day', () => {
    // The case: on 2026-11-27 an end on 2027-11-27 is a year away, not 364 days.
    expect(daysLeft(china('2027-11-27 09:00'), china('2026-11-27 18:37'))).toBe(365);
    expect(daysLeft(china('2027-11-27 23:59'), china('2026-11-27 00:00'))).toBe(365);
    expect(daysLeft(china('2026-11-28 00:00'), china('2026-11-27 23:59'))).toBe(1);
    expect(daysLeft(china('2026-11-27 00:01'), china('2026-11-27 23:59'))).toBe(0);
    expect(daysLeft(china('2026-11-26 23:59'), china('2026-11-27 00:00'))).toBe(-1);
  });

  it("turns at China's midnight, not at the server's or UTC's", () => {
    const end = china('2027-11-27 12:00');
    // 23:59 and 00:01 China time are 15:59 and 16:01 UTC on the same UTC day.
    expect(daysLeft(end, new Date('2026-11-26T15:59:00Z'))).toBe(366);
    expect(daysLeft(end, new Date('2026-11-26T16:01:00Z'))).toBe(365);
  });

  it('counts 29 February in a leap year', () => {
    expect(daysLeft(china('2028-11-27 09:00'), china('2027-11-27 09:00'))).toBe(366);
    expect(daysLeft(china('2028-03-01 09:00'), china('2028-02-28 09:00'))).toBe(2);
    expect(daysLeft(china('2027-03-01 09:00'), china('2027-02-28 09:00'))).toBe(1);
  });
});

describe('relativeTime', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
  const ago = (ms: number) => relativeTime(new Date(now - ms), now);

  it("'just now' under 30 s (and for a time ahead of our clock)", () => {
    expect(ago(0)).toEqual({ key: 'time.justNow' });
    expect(ago(29 * S)).toEqual({ key: 'time.justNow' });
    expect(ago(29 * S + 999)).toEqual({ key: 'time.justNow' });
    expect(ago(-5 * MIN)).toEqual({ key: 'time.justNow' });
  });

  it('minutes from 30 s to under 1 h, rounded up', () => {
    expect(ago(30 * S)).toEqual({ key: 'time.minutesAgo', params: { n: 1 } });
    expect(ago(61 * S)).toEqual({ key: 'time.minutesAgo', params: { n: 2 } });
    expect(ago(59 * MIN)).toEqual({ key: 'time.minutesAgo', params: { n: 59 } });
    expect(ago(60 * MIN - 1)).toEqual({ key: 'time.minutesAgo', params: { n: 60 } });
  });

  it('hours from 60 min to under 1 day, rounded up', () => {
    expect(ago(60 * MIN)).toEqual({ key: 'time.hoursAgo', params: { n: 1 } });
    expect(ago(23 * H)).toEqual({ key: 'time.hoursAgo', params: { n: 23 } });
    expect(ago(24 * H - 1)).toEqual({ key: 'time.hoursAgo', params: { n: 24 } });
  });

  it("'1 day ago' from 24 h to under 48 h", () => {
    expect(ago(24 * H)).toEqual({ key: 'time.dayAgo' });
    expect(ago(47 * H)).toEqual({ key: 'time.dayAgo' });
    expect(ago(48 * H - 1)).toEqual({ key: 'time.dayAgo' });
  });

  it('the date itself from 48 h on', () => {
    expect(ago(48 * H)).toEqual({ key: null, date: formatTime(new Date(now - 48 * H)) });
    expect(ago(48 * H).key).toBeNull();
    expect(relativeTime('2020-01-01T00:00:00', now)).toEqual({ key: null, date: '2020-01-01 00:00:00' });
  });

  it('accepts ISO strings, epoch ms and a Date for `now`', () => {
    expect(relativeTime(new Date(now - 5 * MIN).toISOString(), new Date(now))).toEqual({
      key: 'time.minutesAgo',
      params: { n: 5 },
    });
    expect(relativeTime(now - 2 * H, now)).toEqual({ key: 'time.hoursAgo', params: { n: 2 } });
  });

  it('an invalid time is an empty date', () => {
    expect(relativeTime('garbage', now)).toEqual({ key: null, date: '' });
  });
});

describe('formatYuan', () => {
  it('shows integer fen as yuan with thousands separators and two decimals', () => {
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(100000)).toBe('¥1,000.00');
    expect(formatYuan(99999)).toBe('¥999.99');
    expect(formatYuan(123)).toBe('¥1.23');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(0)).toBe('¥0.00');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatYuan(-1230)).toBe('-¥12.30');
    expect(formatYuan(-123456789)).toBe('-¥1,234,567.89');
    expect(formatYuan(-0)).toBe('¥0.00');
  });

  it('never shows binary-fraction noise and rounds a fraction of a fen', () => {
    expect(formatYuan(29)).toBe('¥0.29');
    expect(formatYuan(10.4)).toBe('¥0.10');
    expect(formatYuan(10.5)).toBe('¥0.11');
    expect(formatYuan(-0.4)).toBe('¥0.00');
  });

  it('keeps large amounts exact up to the safe integers', () => {
    expect(formatYuan(Number.MAX_SAFE_INTEGER)).toBe('¥90,071,992,547,409.91');
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatYuan(Number.NaN)).toBe('');
    expect(formatYuan(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('yuanInput', () => {
  it('writes fen as an amount to edit, which parseYuan reads back', () => {
    expect(yuanInput(6900)).toBe('69.00');
    expect(yuanInput(5)).toBe('0.05');
    expect(yuanInput(129950)).toBe('1299.50');
    for (const fen of [0, 1, 29, 100, 123456789]) expect(parseYuan(yuanInput(fen))).toBe(fen);
  });
});

describe('parseYuan', () => {
  it('reads yuan as integer fen from the digits, never through a float', () => {
    expect(parseYuan('3.5')).toBe(350);
    expect(parseYuan('3.50')).toBe(350);
    expect(parseYuan('0.29')).toBe(29);
    expect(parseYuan(' ¥12 ')).toBe(1200);
    expect(parseYuan('1,299.90')).toBe(129990);
    expect(parseYuan('0')).toBe(0);
  });

  it('gives null for what is no amount of at most two decimals', () => {
    for (const text of ['', 'abc', '3.555', '-1', '1e3', '3.', '.5', '1,29', '１２'])
      expect(parseYuan(text), text).toBeNull();
  });
});

describe('maskContact (lists mask a phone, details show it whole)', () => {
  it('keeps the first three and last four digits of a phone, whatever its separators', () => {
    expect(maskContact('13812345021')).toBe('138****5021');
    expect(maskContact('138 1234 5021')).toBe('138****5021');
    expect(maskContact('+86 138-1234-5021')).toBe('138****5021');
    expect(maskContact('021-58881234')).toBe('021****1234');
    expect(maskContact(null)).toBeNull();
  });

  it("keeps an e-mail's first letter and domain, and shows anything else as given", () => {
    expect(maskContact('zhang.wei@example.com')).toBe('z***@example.com');
    expect(maskContact('wxid_abc')).toBe('wxid_abc');
    expect(maskContact('8021')).toBe('8021');
    // Already masked (older rows): unchanged.
    expect(maskContact('138****5021')).toBe('138****5021');
  });
});
