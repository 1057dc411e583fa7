/**
 * Route groups of screens no domain builds yet (spec §2): each moves to its
 * domain's routes.ts when that domain is built, and its screen replaces the
 * "not available in this version" page. Titles are `route.*` common texts.
 *
 * Paths are the spec's. Route names and
 * title keys are corrected English (NewGoods for nweGoods, DiscountDetail for
 * scenedeatil, GroupDetail for groudetale); only the paths keep the spec's
 * spelling.
 */
import { detail, group, view, type RouteGroupDecl } from '../routes/define.js';

const marketing = group(80, '/marketing', { title: 'route.marketing', icon: 'marketing' }, [
  view('scene', 'SceneMarketing', 'route.sceneMarketing'),
  detail('adddiscount', 'AddDiscount', 'route.addDiscount', '/marketing/scene'),
  detail('scenedeatil', 'DiscountDetail', 'route.discountDetail', '/marketing/scene'),
  detail('create', 'CreateActivity', 'route.createActivity', '/marketing/scene'),
]);

export const pendingRoutes: readonly RouteGroupDecl[] = [marketing];
