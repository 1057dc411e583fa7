/** A price change's state as a whole, from its devices' states (shared/price/rules.ts). */
import { describe, expect, it } from 'vitest';
import { priceChangeState, type PriceDeviceState } from '../../../shared/price/index.js';

const counts = (c: Partial<Record<PriceDeviceState, number>>) => ({
  pending: 0,
  delivered: 0,
  applied: 0,
  failed: 0,
  cancelled: 0,
  ...c,
});

describe('priceChangeState', () => {
  it('is in progress while any device has not applied it, whatever the others did', () => {
    expect(priceChangeState(counts({ pending: 1, applied: 5 }))).toBe('sending');
    expect(priceChangeState(counts({ delivered: 1, failed: 2, cancelled: 1 }))).toBe('sending');
  });

  it('says done, partly done, failed or cancelled once every device ended', () => {
    expect(priceChangeState(counts({ applied: 3 }))).toBe('done');
    expect(priceChangeState(counts({ applied: 2, failed: 1 }))).toBe('partly');
    expect(priceChangeState(counts({ applied: 2, cancelled: 1 }))).toBe('partly');
    expect(priceChangeState(counts({ failed: 1, cancelled: 2 }))).toBe('failed');
    // Replaced at its one device by a later change: not "0 / 1 applied" like one still waiting.
    expect(priceChangeState(counts({ cancelled: 1 }))).toBe('cancelled');
  });
});
