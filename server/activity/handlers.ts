/** Activity operations (shared/activity/api.ts). */
import { defineHandlers } from '../http/handlers.js';
import {
  activityOf,
  activityPage,
  createActivity,
  extendActivity,
  setActivityState,
  terminateActivity,
  updateActivity,
} from './activities.js';
import { basketPrice, previewPrice } from './preview.js';
import { dryRun } from './dryrun.js';
import { activityResults } from './results.js';
import { couponSendsOf, sendCoupons } from './sends.js';
import { rewardsOf, saveRewards } from './rewards.js';
import { exportClaims } from './claims-export.js';
import { claim, claimable, myCoupons } from './coupons.js';
import { activityChoices } from './choices.js';
import { owningTenant } from '../tenant/index.js';

export const activityHandlers = defineHandlers({
  'activity.page': ({ query, body }, { db, scope }) => activityPage(db, scope, query, body),
  'activity.info': ({ params }, { db, scope }) => activityOf(db, scope, params.id),
  'activity.create': ({ body }, { db, user, scope }) => createActivity(db, user, scope, body),
  'activity.update': ({ params, body }, { db, scope }) => updateActivity(db, scope, params.id, body),
  'activity.terminate': ({ params }, { db, scope }) => terminateActivity(db, scope, params.id),
  'activity.extend': ({ params, body }, { db, scope }) => extendActivity(db, scope, params.id, body.endAt),
  'activity.setState': ({ params, body }, { db, scope }) => setActivityState(db, scope, params.id, body.state),
  'activity.choices': async ({ body }, { db, user, scope }) =>
    activityChoices(db, await owningTenant(db, user, scope, body.tenantId)),
  'activity.results': ({ params }, { db, scope }) => activityResults(db, scope, params.id),
  'activity.sendCoupons': ({ params, body }, { db, user, scope }) => sendCoupons(db, scope, user.id, params.id, body),
  'activity.sends': ({ params }, { db, scope }) => couponSendsOf(db, scope, params.id),
  'activity.rewards': async ({ body }, { db, user, scope }) =>
    rewardsOf(db, await owningTenant(db, user, scope, body.tenantId)),
  'activity.saveRewards': async ({ body }, { db, user, scope }) =>
    saveRewards(db, await owningTenant(db, user, scope, body.tenantId), body.rewards),
  'activity.claimsExport': ({ params, query }, { db, scope }) => exportClaims(db, scope, params.id, query.lang),
  'activity.dryRun': ({ body }, { db, user, scope }) => dryRun(db, user, scope, body),
  'activity.preview': ({ body }, { db, user, scope }) => previewPrice(db, user, scope, body),
  'activity.claimable': (_, { db, member }) => claimable(db, member),
  'activity.claim': ({ body }, { db, member }) => claim(db, member, body.activityId),
  'activity.basketPrice': ({ body }, { db, member }) => basketPrice(db, member, body),
  'activity.myCoupons': ({ query }, { db, member }) => myCoupons(db, member, query),
});
