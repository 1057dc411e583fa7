/** The dashboard's pure parts: the date shortcuts in business days, the live handler, the series labels. */
import { describe, expect, it } from 'vitest';
import { rangeOf, includesToday } from '../../renderer/dashboard/range.js';
import { dashboardLive } from '../../renderer/dashboard/live.js';
import { bucketLabel } from '../../renderer/dashboard/panels.js';
import { LIVE } from '../../renderer/domains.js';
import { businessDay } from '../../shared/business-time.js';

describe('dashboard shortcuts', () => {
  // 2026-11-30 20:30 UTC is already 1 December in China: the business day, not the computer's.
  const lateUtc = Date.parse('2026-11-30T20:30:00Z');
  it('name business days whatever the computer\'s zone', () => {
    expect(businessDay(lateUtc)).toBe('2026-12-01');
    expect(rangeOf('today', lateUtc)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(rangeOf('yesterday', lateUtc)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(rangeOf('last7', lateUtc)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(rangeOf('thisMonth', lateUtc)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(rangeOf('thisMonth', Date.parse('2026-03-10T04:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(includesToday({ from: '2026-11-25', to: '2026-12-01' }, lateUtc)).toBe(true);
    expect(includesToday({ from: '2026-11-25', to: '2026-11-30' }, lateUtc)).toBe(false);
  });

  it('label a series by hour, day and month', () => {
    expect(bucketLabel('2026-11-25 09:00', 'hour')).toBe('09:00');
    expect(bucketLabel('2026-11-25', 'day')).toBe('11-25');
    expect(bucketLabel('2026-11', 'month')).toBe('2026-11');
  });
});

describe('dashboard live', () => {
  it('re-reads today\'s figures on a sale and a settled refund, nothing on a refund asked or failed', () => {
    expect(dashboardLive({ kind: 'created', orderId: 1 }, 'zh-CN')).toEqual({ refresh: ['dashboard.today', 'dashboard.alerts'] });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'success' }, 'zh-CN')).toEqual({ refresh: ['dashboard.today', 'dashboard.alerts'] });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'pending' }, 'zh-CN')).toEqual({ refresh: [] });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'failed' }, 'zh-CN')).toEqual({ refresh: [] });
    expect(dashboardLive({ nonsense: true }, 'zh-CN')).toEqual({ refresh: [] });
    // The orders' lists and the dashboard both follow a sale.
    expect(LIVE.order!({ kind: 'created', orderId: 1 }, 'zh-CN').refresh).toEqual(['order.page', 'order.count', 'dashboard.today', 'dashboard.alerts']);
  });
});
