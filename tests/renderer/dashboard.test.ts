/** The dashboard's pure parts: the date shortcuts in business days, the live handler, the series labels, the reads started at sign-in. */
import { describe, expect, it } from 'vitest';
import { rangeOf, includesToday } from '../../renderer/dashboard/range.js';
import { dashboardLive } from '../../renderer/dashboard/live.js';
import { bucketLabel } from '../../renderer/dashboard/panels.js';
import { QueryClient } from '@tanstack/react-query';
import { LIVE, SESSION_STARTS } from '../../renderer/domains.js';
import type { SessionUser } from '../../shared/ipc.js';
import { businessDay } from '../../shared/business-time.js';

describe('dashboard shortcuts', () => {
  // 2026-11-30 20:30 UTC is already 1 December in China: the business day, not the computer's.
  const lateUtc = Date.parse('2026-11-30T20:30:00Z');
  it("name business days whatever the computer's zone", () => {
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
  it("re-reads today's figures on a sale and a settled refund (not the alerts), nothing on a refund asked or failed", () => {
    expect(dashboardLive({ kind: 'created', orderId: 1 }, 'zh-CN')).toEqual({ refresh: ['dashboard.today'] });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'success' }, 'zh-CN')).toEqual({
      refresh: ['dashboard.today'],
    });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'pending' }, 'zh-CN')).toEqual({ refresh: [] });
    expect(dashboardLive({ kind: 'refund', orderId: 1, state: 'failed' }, 'zh-CN')).toEqual({ refresh: [] });
    expect(dashboardLive({ nonsense: true }, 'zh-CN')).toEqual({ refresh: [] });
    // The orders' lists and the dashboard both follow a sale.
    expect(LIVE.order!({ kind: 'created', orderId: 1 }, 'zh-CN').refresh).toEqual([
      'order.page',
      'order.count',
      'dashboard.today',
    ]);
  });
});

describe('dashboard session start', () => {
  const user = (over: Partial<SessionUser>): SessionUser => ({
    platformType: 0,
    userId: 1,
    username: 'u',
    name: 'U',
    tenantId: 5,
    parentTenantId: null,
    employeeId: null,
    roles: [],
    powers: [],
    roleKind: 'tenant',
    roleName: 'first-level tenant',
    allValue: ['1'],
    epoch: 'run.1',
    ...over,
  });
  const started = async (who: SessionUser, to: string) => {
    // Loaded ahead: under a full parallel run its first import could outlast the wait below.
    await import('../../renderer/dashboard/prefetch.js');
    const client = new QueryClient();
    for (const start of SESSION_STARTS) start(client, who, to);
    // The reads start once the small prefetch module has loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return client
      .getQueryCache()
      .findAll()
      .map((q) => q.queryKey[0])
      .sort();
  };

  it("starts the dashboard's three reads at sign-in for a user landing on it, and nothing for one going elsewhere or without 1-1", async () => {
    expect(await started(user({}), '/')).toEqual(['dashboard.alerts', 'dashboard.figures', 'dashboard.today']);
    expect(await started(user({ roleKind: 'member', allValue: ['1-1'] }), '/dashboard')).toEqual([
      'dashboard.alerts',
      'dashboard.figures',
      'dashboard.today',
    ]);
    expect(await started(user({}), '/orderManagement/orderList')).toEqual([]);
    expect(await started(user({ roleKind: 'member', allValue: ['6-1'] }), '/')).toEqual([]);
    expect(await started(user({ roleKind: 'enterprise' }), '/')).toEqual([]);
    // The page's module was asked for too: let it finish loading before the environment goes.
    await import('../../renderer/dashboard/DashboardPage.js');
  }, 30_000);
});
