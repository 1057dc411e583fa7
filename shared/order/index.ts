/** The order domain (spec §3 Order, §2 /orderManagement): today the sales machines report; the screens come with the orders issue. */
import { defineDomain } from '../manifest.js';
import { orderApi } from './api.js';
import { orderErrors } from './errors.js';
import { orderTexts } from './texts.js';

export * from './api.js';
export { orderErrors } from './errors.js';

export const order = defineDomain({ name: 'order', api: orderApi, errors: orderErrors, texts: orderTexts, powers: [], routes: [] });
