/**
 * What the 200 sessions of `npm run load` do, kind by kind: who signs in for
 * it, how many sessions, and the requests a session cycles through, one a
 * second — the console's own calls for that screen (shared/*\/api.ts).
 */
import type { Request } from 'autocannon';
import { api } from '../shared/domains.js';

export type Kind = 'order pages' | 'device lists' | 'dashboard' | 'point pages' | 'refunds';

type Headers = Record<string, string>;

export interface Load {
  kind: Kind;
  /** Who signs in for these sessions, and how many times. */
  users: readonly [string, number][];
  requests(headers: Headers, nextRefund: () => number): Request[];
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const post = (path: string, headers: Headers, body: object, query = ''): Request => ({
  method: 'POST',
  path: `${path}${query}`,
  headers,
  body: JSON.stringify(body),
});
const get = (path: string, headers: Headers): Request => ({ method: 'GET', path, headers });
const page = (n: number) => `?pageNum=${n}&pageSize=20`;
/** The order list's range: the last 30 days, to now. */
const lastThirtyDays = () => ({
  from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  to: new Date().toISOString(),
});

export const MIX: readonly Load[] = [
  {
    kind: 'order pages',
    users: [
      ['tenant1', 30],
      ['tenant11', 15],
      ['admin', 15],
      ['member4', 10],
    ],
    requests: (h) => {
      const month = lastThirtyDays();
      return [
        post(api['order.page'].path, h, { ...month, paymentState: 'success' }, page(1)),
        post(api['order.count'].path, h, { ...month, paymentState: 'success' }),
        post(api['order.page'].path, h, { ...month, paymentState: 'success' }, page(2)),
        post(api['order.page'].path, h, { ...month, refundState: 'partial' }, page(1)),
        post(api['order.page'].path, h, { ...month, deliveryState: 'allFailed' }, page(1)),
      ];
    },
  },
  {
    kind: 'device lists',
    users: [
      ['tenant1', 20],
      ['member1', 10],
      ['admin', 10],
    ],
    requests: (h) => [
      post(api['device.page'].path, h, {}, page(1)),
      post(api['device.page'].path, h, { online: true }, page(2)),
      post(api['device.page'].path, h, { keyword: 'VM' }, page(1)),
    ],
  },
  {
    kind: 'dashboard',
    users: [
      ['tenant1', 15],
      ['member1', 5],
      ['admin', 10],
    ],
    // What an open dashboard asks while the fleet sells: today's figures again as sales arrive (at most once a
    // second, renderer/dashboard/live.ts), the alerts once a minute, now and then another range of days.
    // Each session starts at its own place in the minute.
    requests: (h) => {
      const minute = Array.from({ length: 60 }, (_, i) =>
        i === 0
          ? get(api['dashboard.alerts'].path, h)
          : i % 15 === 5
            ? post(api['dashboard.figures'].path, h, { from: day(i < 30 ? 6 : 29), to: day(0) })
            : get(api['dashboard.today'].path, h),
      );
      const start = Math.floor(Math.random() * 60);
      return [...minute.slice(start), ...minute.slice(0, start)];
    },
  },
  {
    kind: 'point pages',
    users: [
      ['tenant1', 20],
      ['member1', 10],
      ['tenant2', 10],
    ],
    requests: (h) => [
      post(api['point.page'].path, h, {}, page(1)),
      post(api['point.page'].path, h, {}, page(2)),
      post(api['point.page'].path, h, { name: '压测' }, page(1)),
    ],
  },
  {
    kind: 'refunds',
    users: [
      ['tenant1', 15],
      ['member4', 5],
    ],
    // A clerk's refund: the order list, an order's refunds so far, then one fen of it (a recent paid order of
    // tenant A's, the next one each time; the context carries it from the list to the refund).
    requests: (h, nextRefund) => {
      const month = lastThirtyDays();
      const ofOrder = (path: string, context: object) =>
        path.replace(':id', String(((context as { orderId?: number }).orderId ??= nextRefund())));
      return [
        post(api['order.page'].path, h, { ...month, paymentState: 'success' }, page(1)),
        {
          ...get('/', h),
          setupRequest: (r, context) => {
            (context as { orderId?: number }).orderId = nextRefund();
            return { ...r, path: ofOrder(api['refund.list'].path, context) };
          },
        },
        {
          ...post('/', h, { reason: '压测退款', amount: 1 }),
          setupRequest: (r, context) => ({
            ...r,
            path: ofOrder(api['refund.create'].path, context),
          }),
        },
      ];
    },
  },
];
