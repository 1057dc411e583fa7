/**
 * Members' wallets on the upstream (stored value, beyond spec §3;
 * docs/domains/wallet.md): the ledger a top-up, a sale and a refund move,
 * built on the member domain.
 */
import { defineServerDomain } from '../manifest.js';
import { walletChecks } from './checks.js';
import { walletDemo } from './demo.js';
import { walletHandlers } from './handlers.js';
import { topUpNotifyRoutes } from './notify.js';
import { SWEEP_NET_MS, sweepJob } from '../jobs/index.js';
import { walletTopUps } from './schema.js';
import { settleDueTopUps, TOP_UP_BATCH, TOP_UP_JOB } from './topups.js';

export { moveWallet, refundToWallet, spendWallet, type MoveResult, type WalletMoveInput } from './ledger.js';
export { settingsOf, tiersOn } from './settings.js';
export { saleKey, spendReceipt, type SpendReceipt } from './wallets.js';
export { walletMoves, wallets, walletSettings, walletTierSets, walletTopUps } from './schema.js';
export { askTopUp, recordTopUp, settleDueTopUps, TOP_UP_JOB } from './topups.js';

export const walletServer = defineServerDomain({
  name: 'wallet',
  handlers: walletHandlers,
  checks: walletChecks,
  demo: walletDemo,
  owns: { topUp: { id: walletTopUps.id, tenantId: walletTopUps.tenantId, labels: [walletTopUps.number] } },
  // Each top-up's answer and end are jobs at their moments (topups.ts); the sweep only catches a lost job.
  jobs: { [TOP_UP_JOB]: sweepJob(settleDueTopUps, TOP_UP_BATCH) },
  recurring: { 'wallet.settleDue': { everyMs: SWEEP_NET_MS, run: ({ db }) => settleDueTopUps(db) } },
  // The platforms' notifications of a top-up's payment (notify.ts).
  outsideRoutes: topUpNotifyRoutes,
});
