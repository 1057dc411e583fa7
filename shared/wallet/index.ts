/** Members' wallets (stored value, beyond spec §3; docs/domains/wallet.md). */
import { defineDomain } from '../manifest.js';
import { walletApi } from './api.js';
import { walletErrors } from './errors.js';
import { walletTexts } from './texts.js';

export * from './api.js';
export * from './rules.js';
export { walletErrors } from './errors.js';
export { walletTexts } from './texts.js';

export const wallet = defineDomain({
  name: 'wallet',
  api: walletApi,
  errors: walletErrors,
  texts: walletTexts,
  powers: [],
  routes: [],
});
