/** The wallet domain's operations (shared/wallet/api.ts). */
import { defineHandlers } from '../http/handlers.js';
import { walletOf } from './wallets.js';

export const walletHandlers = defineHandlers({
  'wallet.info': ({ params, query }, { db, scope }) => walletOf(db, scope, params.id, query),
});
