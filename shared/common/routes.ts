/**
 * Route groups of screens no domain builds yet (spec §2): each moves to its
 * domain's routes.ts when that domain is built, and its screen replaces the
 * "not available in this version" page. Titles are `route.*` common texts.
 * None is left: every screen of §2 has its domain.
 */
import type { RouteGroupDecl } from '../routes/define.js';

export const pendingRoutes: readonly RouteGroupDecl[] = [];
