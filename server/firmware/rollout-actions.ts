/**
 * What a user does to a rollout (firmware.rolloutAct): approve (another user
 * than its creator, 1906), pause, resume, cancel, retry the failed. Each is
 * one guarded update from the states that allow it (1905 otherwise), so of
 * racing calls one moves it and the others are told.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { RolloutAction, RolloutState } from '../../shared/firmware/index.js';
import type { Db, Queryable } from '../db/index.js';
import { cancelOpen, retryFailed } from '../device/index.js';
import { publish } from '../http/events.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { rolloutJobs as j, rollouts as r } from './schema.js';
import { rolloutOf } from './rollouts.js';

/** The states each action moves a rollout from, and to. */
const MOVES: Readonly<Record<RolloutAction, { from: readonly RolloutState[]; to: RolloutState }>> = {
  approve: { from: ['approval'], to: 'running' },
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  cancel: { from: ['approval', 'running', 'paused', 'stopped'], to: 'cancelled' },
  retry: { from: ['running', 'paused', 'stopped', 'done'], to: 'running' },
};

/**
 * Announces a rollout's change to its tenant's consoles (its progress page
 * follows it); `ended` (done, stopped, cancelled) makes it the tenant's
 * `rollout` callback too.
 */
export const announce = (db: Queryable, tenantId: number, rolloutId: number, ended?: RolloutState) =>
  publish(db, 'firmware', tenantId, { kind: 'rollout', rolloutId, ...(ended ? { ended } : {}) });

export async function actOnRollout(db: Db, user: AuthUser, scope: Scope, id: number, action: RolloutAction) {
  const current = await rolloutOf(db, scope, id, user.id);
  // Every action moves the whole rollout (its state, every failed job): a member who sees part of it may not.
  if (!current.whole) throw new BizError(CODE.rolloutBeyondDevices);
  const move = MOVES[action];
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ createdBy: r.createdBy }).from(r).where(eq(r.id, id)).for('update');
    if (action === 'approve' && row?.createdBy === user.id) throw new BizError(CODE.selfApproval);
    if (action === 'retry') {
      const retried = await retryFailed(tx, 'firmware', id, new Date());
      if (!retried.length) throw new BizError(CODE.rolloutState);
      await tx.update(j).set({ phase: null, progress: 0 }).where(inArray(j.partId, retried));
    }
    const moved = await tx
      .update(r)
      .set({
        state: move.to,
        ...(action === 'approve' ? { approvedBy: user.id } : {}),
        ...(action === 'retry' ? { stoppedStage: null, finishedAt: null } : {}),
        ...(action === 'cancel' ? { finishedAt: sql`now()` } : {}),
      })
      .where(and(eq(r.id, id), inArray(r.state, [...move.from])))
      .returning({ id: r.id });
    if (!moved.length) throw new BizError(CODE.rolloutState);
    // A cancelled rollout's devices stop being offered the package; what they report is refused (1907).
    if (action === 'cancel') await cancelOpen(tx, 'firmware', id, new Date());
    await announce(tx, current.tenantId, id, action === 'cancel' ? 'cancelled' : undefined);
  });
  return rolloutOf(db, scope, id, user.id);
}
