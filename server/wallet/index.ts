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
import { walletGiveBacks, walletTopUps } from './schema.js';
import { GIVE_BACK_JOB } from './giveBacks.js';
import { WALLET_IMPORT_JOB, walletImportJob } from './import.js';
import { sheetImports } from '../imports/index.js';
import { GIVE_BACK_BATCH, settleDueGiveBacks } from './giveBackRefunds.js';
import { settleDueTopUps, TOP_UP_BATCH, TOP_UP_JOB } from './topups.js';

export { moveWallet, refundToWallet, spendWallet, type MoveResult, type WalletMoveInput } from './ledger.js';
export { settingsOf, tiersOn } from './settings.js';
export { saleKey, spendReceipt, type SpendReceipt } from './wallets.js';
export {
  walletGiveBackRefunds,
  walletGiveBacks,
  walletMoves,
  wallets,
  walletSettings,
  walletTierSets,
  walletTopUps,
} from './schema.js';
export { askTopUp, recordTopUp, settleDueTopUps, TOP_UP_JOB } from './topups.js';
export { askGiveBack, GIVE_BACK_JOB } from './giveBacks.js';
export { giveBackRefundNumber, settleDueGiveBacks } from './giveBackRefunds.js';

export const walletServer = defineServerDomain({
  name: 'wallet',
  handlers: walletHandlers,
  checks: walletChecks,
  demo: walletDemo,
  owns: {
    topUp: { id: walletTopUps.id, tenantId: walletTopUps.tenantId, labels: [walletTopUps.number] },
    giveBack: { id: walletGiveBacks.id, tenantId: walletGiveBacks.tenantId, labels: [walletGiveBacks.number] },
    walletImport: { id: sheetImports.id, tenantId: sheetImports.tenantId, labels: [] },
  },
  // The uploads and the reports are in the upstream's storage.
  routeConfig: (settings) => ({
    'wallet.import': { storage: settings.storage },
    'wallet.importReport': { storage: settings.storage },
  }),
  // Each top-up's answer and end, and each give-back refund's look, are jobs at their moments (topups.ts,
  // giveBackRefunds.ts); the sweep only catches a lost job.
  jobs: {
    [TOP_UP_JOB]: sweepJob(settleDueTopUps, TOP_UP_BATCH),
    [GIVE_BACK_JOB]: sweepJob(settleDueGiveBacks, GIVE_BACK_BATCH),
    [WALLET_IMPORT_JOB]: walletImportJob,
  },
  recurring: {
    'wallet.settleDue': {
      everyMs: SWEEP_NET_MS,
      run: async ({ db }) => (await settleDueTopUps(db)) + (await settleDueGiveBacks(db)),
    },
  },
  // The platforms' notifications of a top-up's payment (notify.ts).
  outsideRoutes: topUpNotifyRoutes,
});
