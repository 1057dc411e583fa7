/**
 * The dashboard's first reads — today's figures, the last 7 days' and the
 * alerts — as the page asks for them, started ahead of it: by the page's
 * first render, and before that by the session's start when the user is going to land
 * here (renderer/dashboard/index.ts). The page's queries find them under way
 * or fresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOp } from '../bridge.js';
import { rangeOf } from './range.js';

/** How long the figures count as fresh: the live events and the minute's refetch renew them, a remount need not. */
export const FRESH_MS = 10_000;

export function prefetchDashboard(client: QueryClient) {
  const range = rangeOf('last7');
  void prefetchOp(client, 'dashboard.today', {}, { staleTime: FRESH_MS });
  void prefetchOp(client, 'dashboard.figures', { body: range }, { staleTime: FRESH_MS });
  // The alerts panel, under the cards, shows its spinner until they come: asked for after the first commit, they
  // were the last thing a cold dashboard waited for.
  void prefetchOp(client, 'dashboard.alerts', {}, { staleTime: FRESH_MS });
  return range;
}
