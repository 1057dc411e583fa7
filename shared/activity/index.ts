/** The activity domain (spec §2 /marketing/scene, §3 Activity, §4 activity states, §5 campaign rules): promotions and the pricing engine. */
import { defineDomain } from '../manifest.js';
import { activityApi } from './api.js';
import { couponApi } from './coupons.js';
import { sendApi } from './sends.js';
import { rewardApi } from './rewards.js';
import { activityErrors } from './errors.js';
import { activityTexts } from './texts.js';
import { activityRoutes } from './routes.js';

export * from './api.js';
export * from './rules.js';
export * from './engine.js';
export * from './coupons.js';
export * from './sends.js';
export * from './rewards.js';
export { activityErrors } from './errors.js';
export { activityTexts } from './texts.js';

export const activity = defineDomain({
  name: 'activity',
  api: { ...activityApi, ...couponApi, ...sendApi, ...rewardApi },
  errors: activityErrors,
  texts: activityTexts,
  powers: [],
  routes: activityRoutes,
});
