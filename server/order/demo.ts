/** The demo's order history: three months of its machines' sales and a month of its scenes' linked orders, the same on every load (server/order/seed.ts, seed-linked.ts). */
import type { DemoData } from '../manifest.js';
import { seedOrders } from './seed.js';
import { seedLinkedOrders } from './seed-linked.js';

/** Enough for every list, filter and state to show something; `npm run seed -- --orders N` adds a year's worth. */
export const DEMO_ORDERS = 1500;
/** Linked orders of the demo's scenes (spec §2 scenario). */
export const DEMO_LINKED_ORDERS = 80;

export const orderDemo: DemoData = {
  after: ['device', 'product', 'scene', 'customer'],
  load: async ({ tx, now }) => {
    await seedOrders(tx, { count: DEMO_ORDERS, days: 90, now, seed: 0.2026 });
    await seedLinkedOrders(tx, { count: DEMO_LINKED_ORDERS, days: 30, now });
  },
};
