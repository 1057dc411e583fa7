/**
 * What belongs to no domain: the common UI texts, the common error catalogue
 * (the codes §8's rules name and the families no domain owns yet), and the
 * route groups and permission codes of screens no domain builds yet.
 */
import type { PowerCode } from '../roles.js';

export { commonErrors, COMMON_CODE } from './errors.js';
export { commonTexts } from './texts.js';
export { shellTexts } from './shellTexts.js';
export { kitTexts } from './kitTexts.js';
export { routeTexts } from './routeTexts.js';
export { pendingRoutes } from './routes.js';

/** Permission codes of the pending screens: none left (every code's screens have their domain). */
export const pendingPowers: readonly PowerCode[] = [];
