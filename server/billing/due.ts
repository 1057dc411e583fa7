/**
 * The renewals due by now, settled a batch at a time (a job queued at each renewal's `settle_at` and `expires_at`,
 * and the sweep every instance runs): the sandbox's (settle.ts) and those paid at a real platform (platform.ts).
 */
import type { Db } from '../db/index.js';
import { sweepJob } from '../jobs/index.js';
import { askPlatforms } from './platform.js';
import { SETTLE_BATCH, settleDueRenewals } from './settle.js';

export const settleDue = async (db: Db) => (await settleDueRenewals(db)) + (await askPlatforms(db));
export const settleJob = sweepJob(settleDue, SETTLE_BATCH);
