/**
 * The customer group screens (/marketing/group, groudetale, addgroup) join
 * here from shared/common/routes.ts, where the marketing group is still
 * held, when they are built; until then the operations stand alone.
 */
import type { RouteGroupDecl } from '../routes/define.js';

export const groupRoutes: readonly RouteGroupDecl[] = [];
