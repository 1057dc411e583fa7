/**
 * Members' wallets on the upstream (stored value, beyond spec §3;
 * docs/domains/wallet.md): the ledger a top-up, a sale and a refund move,
 * built on the member domain.
 */
import { defineServerDomain } from '../manifest.js';
import { walletChecks } from './checks.js';
import { walletDemo } from './demo.js';
import { walletHandlers } from './handlers.js';

export { moveWallet, refundToWallet, spendWallet, type MoveResult, type WalletMoveInput } from './ledger.js';
export { settingsOf, tiersOn } from './settings.js';
export { saleKey, spendReceipt, type SpendReceipt } from './wallets.js';
export { walletMoves, wallets, walletSettings, walletTierSets } from './schema.js';

export const walletServer = defineServerDomain({
  name: 'wallet',
  handlers: walletHandlers,
  checks: walletChecks,
  demo: walletDemo,
});
