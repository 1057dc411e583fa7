/** Reading a GS1 barcode's expiry and lot (shared/fresh/gs1.ts), and a batch's state by its expiry (rules.ts). */
import { describe, expect, it } from 'vitest';
import { batchDaysLeft, batchState, gs1Day, readGs1 } from '../../../shared/fresh/index.js';

const TODAY = new Date('2026-12-05T00:00:00Z');
const GS = '\u001d';

describe('readGs1', () => {
  it('reads the bracketed form printed under a barcode', () => {
    expect(readGs1('(01)06901234567892(17)261231(10)A12', TODAY)).toEqual({
      gtin: '06901234567892',
      expiresOn: '2026-12-31',
      lot: 'A12',
    });
  });

  it('reads what a scanner types: fixed fields run on, a lot ended by the group separator or the end', () => {
    expect(readGs1('01069012345678921726123110A12', TODAY)).toEqual({
      gtin: '06901234567892',
      expiresOn: '2026-12-31',
      lot: 'A12',
    });
    expect(readGs1(`10LOT-7${GS}17270115`, TODAY)).toEqual({ lot: 'LOT-7', expiresOn: '2027-01-15' });
    // The symbology identifier a scanner may put first.
    expect(readGs1(']C11727011510B9', TODAY)).toEqual({ expiresOn: '2027-01-15', lot: 'B9' });
  });

  it("takes day 00 as the month's last day and the century nearest today", () => {
    expect(gs1Day('270200', TODAY)).toBe('2027-02-28');
    expect(gs1Day('280200', TODAY)).toBe('2028-02-29');
    expect(gs1Day('991231', TODAY)).toBe('1999-12-31');
    expect(gs1Day('761231', TODAY)).toBe('2076-12-31');
  });

  it('is not fooled by an EAN-13, a lot typed by hand, a bad date or a short field', () => {
    expect(readGs1('6901234567892', TODAY)).toBeNull();
    expect(readGs1('A12', TODAY)).toBeNull();
    expect(readGs1('(17)261332', TODAY)).toBeNull();
    expect(readGs1('(17)270231', TODAY)).toBeNull();
    expect(readGs1('172612', TODAY)).toBeNull();
    expect(readGs1('(10)', TODAY)).toBeNull();
    expect(readGs1('', TODAY)).toBeNull();
  });
});

describe('batchState', () => {
  it('tells expired, today, soon (two days), fresh and unknown apart', () => {
    const today = '2026-12-05';
    expect(batchState('2026-12-04', today)).toBe('expired');
    expect(batchState('2026-12-05', today)).toBe('today');
    expect(batchState('2026-12-07', today)).toBe('soon');
    expect(batchState('2026-12-08', today)).toBe('fresh');
    expect(batchState(null, today)).toBe('undated');
    expect(batchDaysLeft('2026-12-04', today)).toBe(-1);
    expect(batchDaysLeft('2026-12-05', today)).toBe(0);
    expect(batchDaysLeft(null, today)).toBeNull();
  });
});
