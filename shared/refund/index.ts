/** The refund domain (spec §5 refund rules, §8 920 / 926 / 982): refunds of orders through the payment provider. It uses orders, never the other way. */
import { defineDomain } from '../manifest.js';
import { refundApi } from './api.js';
import { refundTexts } from './texts.js';

export * from './api.js';

export const refund = defineDomain({ name: 'refund', api: refundApi, texts: refundTexts, powers: [], routes: [] });
