/** The demo's order history: three months of its machines' sales, the same on every load (server/order/seed.ts). */
import type { DemoData } from '../manifest.js';
import { seedOrders } from './seed.js';

/** Enough for every list, filter and state to show something; `npm run seed -- --orders N` adds a year's worth. */
export const DEMO_ORDERS = 1500;

export const orderDemo: DemoData = {
  after: ['device', 'product'],
  load: async ({ tx, now }) => {
    await seedOrders(tx, { count: DEMO_ORDERS, days: 90, now, seed: 0.2026 });
  },
};
