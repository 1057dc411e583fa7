/** Activities on the upstream (spec §3 Activity): promotions, and the pricing of every sale by the one engine. */
import { activityChecks } from './checks.js';
import { inArray, sql } from 'drizzle-orm';
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { groupInUse } from '../group/index.js';
import { activityNames, salePricing } from '../order/index.js';
import { activityDemo } from './demo.js';
import { activityHandlers } from './handlers.js';
import { priceSale } from './pricing.js';
import { grantRewards } from './rewards.js';
import { activities, activityGroups, coupons } from './schema.js';

export { activities } from './schema.js';

export const activityServer = defineServerDomain({
  name: 'activity',
  checks: activityChecks,
  handlers: activityHandlers,
  demo: activityDemo,
  // Sign-up and birthday rewards: each due member's grant claimed once (rewards.ts), every ten minutes.
  recurring: { 'activity.rewards': { everyMs: 10 * 60_000, run: ({ db }) => grantRewards(db) } },
  provides: [
    // A group an activity names is not deleted (3436); the foreign key is the truth under a race.
    provide(
      groupInUse,
      (groupId) => sql<boolean>`exists (select 1 from ${activityGroups} g where g.group_id = ${groupId})`,
    ),
    // The order domain's sale is priced here (server/activity/pricing.ts).
    provide(salePricing, priceSale),
    // An order's detail names what priced it.
    provide(activityNames, (db, ids) =>
      ids.length
        ? db
            .select({ id: activities.id, name: activities.name, tenantId: activities.tenantId })
            .from(activities)
            .where(inArray(activities.id, [...ids]))
            .orderBy(activities.id)
        : Promise.resolve([]),
    ),
  ],
  owns: {
    activity: { id: activities.id, tenantId: activities.tenantId, labels: [activities.name] },
    coupon: { id: coupons.id, tenantId: coupons.tenantId, labels: [] },
  },
});
