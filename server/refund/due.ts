/**
 * The refunds due by now, settled a batch at a time (a job queued at each refund's `settle_at`, and the sweep every
 * instance runs): a wallet-paid order's into the wallet; the others by the sandbox where sandboxes are on (settle.ts),
 * else through the real platforms (platform.ts).
 */
import type { Db } from '../db/index.js';
import { sweepJob } from '../jobs/index.js';
import { sandboxesOn } from '../manifest.js';
import { askPlatforms } from './platform.js';
import { SETTLE_BATCH, settleDueRefunds, settleWalletRefunds } from './settle.js';

export const settleDue = async (db: Db) =>
  (await settleWalletRefunds(db)) + (await (sandboxesOn() ? settleDueRefunds(db) : askPlatforms(db, SETTLE_BATCH)));
export const settleJob = sweepJob(settleDue, SETTLE_BATCH);
