/**
 * The marketing group (spec §2 /marketing): scene marketing, the activities'
 * list, with adddiscount (an activity's form: a new one of a chosen type, or
 * one not yet effective to edit), scenedeatil (one activity) and create (the
 * choice of a type) hidden beneath it. Customer groups join it from the
 * group domain. No permission code of §2 opens them: they are the admin's
 * and the tenants' (the main set). The paths keep the spec's spelling.
 */
import { detail, group, view } from '../routes/define.js';

export const activityRoutes = [
  group(80, '/marketing', { title: 'activity.route.marketing', icon: 'marketing' }, [
    view('scene', 'SceneMarketing', 'activity.route.sceneMarketing'),
    detail('adddiscount', 'AddDiscount', 'activity.route.addDiscount', '/marketing/scene'),
    detail('scenedeatil', 'DiscountDetail', 'activity.route.discountDetail', '/marketing/scene'),
    detail('create', 'CreateActivity', 'activity.route.createActivity', '/marketing/scene'),
  ]),
];
