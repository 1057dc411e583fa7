/** Members' wallets (stored value, beyond spec §3; docs/domains/wallet.md). */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { walletApi } from './api.js';
import { walletTopUpApi } from './topups.js';
import { walletGiveBackApi } from './giveBacks.js';
import { walletImportApi } from './imports.js';
import { walletErrors } from './errors.js';
import { walletTexts } from './texts.js';
import { walletRoutes } from './routes.js';

export * from './api.js';
export * from './rules.js';
export * from './topups.js';
export * from './giveBacks.js';
export * from './imports.js';
export { walletErrors } from './errors.js';
export { walletTexts } from './texts.js';

export const wallet = defineDomain({
  name: 'wallet',
  api: joinApis(walletApi, walletTopUpApi, walletGiveBackApi, walletImportApi),
  errors: walletErrors,
  texts: walletTexts,
  powers: [],
  routes: walletRoutes,
});
