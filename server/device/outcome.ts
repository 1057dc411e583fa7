/**
 * What a vend's outcome does to its channel (the vend outcomes issue): the
 * upstream's stock follows the truth and a channel that keeps failing takes
 * itself out of sale.
 * - delivered: the run of failures ends;
 * - empty: the channel held nothing whatever the count said, so its stock is 0
 *   (and it sells nothing until refilled: 943);
 * - jam or motor: the item is still in the spiral, so what the sale took
 *   comes back to the stock (a move of its own, `returned`), and the run grows; at the tenant's `lockAfter` the channel locks itself — a live
 *   event under the device's fault switch, and the exceptions view lists it
 *   with "unlock" (an unlock from the console ends the run);
 * - door or timeout: the channel is not to blame; nothing changes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryFailure, ItemOutcome } from '../../shared/device/index.js';
import type { Tx } from '../db/index.js';
import type { DeviceNews } from './events.js';
import { deviceChannels as c } from './schema.js';
import { stockCause } from './stock.js';
import { stockBatches } from './ports.js';

export interface ChannelOutcome {
  channel: number;
  outcome: ItemOutcome;
  failure: DeliveryFailure | null;
  /** How many the sale took from the channel for this item. */
  count: number;
}

/** Applies outcomes of one device's channels (in channel order, so that two reports never wait on each other in a circle); answers the events to announce. */
export async function applyChannelOutcomes(
  tx: Tx,
  deviceId: number,
  outcomes: readonly ChannelOutcome[],
  lockAfter: number,
): Promise<DeviceNews[]> {
  const news: DeviceNews[] = [];
  for (const o of [...outcomes].sort((a, b) => a.channel - b.channel)) {
    const where = and(eq(c.deviceId, deviceId), eq(c.number, o.channel));
    if (o.outcome === 'delivered') {
      await tx
        .update(c)
        .set({ failStreak: 0 })
        .where(and(where, sql`${c.failStreak} <> 0`));
    } else if (o.failure === 'empty') {
      await stockCause(tx, 'empty');
      await tx.update(c).set({ stock: 0 }).where(where);
      await stockBatches.use()(tx, { deviceId, numbers: [o.channel], cause: 'empty' });
    } else if (o.failure === 'jam' || o.failure === 'motor') {
      await stockCause(tx, 'returned');
      await tx
        .update(c)
        .set({ stock: sql`${c.stock} + ${o.count}` })
        .where(where);
      await stockBatches.use()(tx, { deviceId, numbers: [o.channel], cause: 'returned' });
      // Locks at the limit, once: an already locked channel keeps its lock's time and says nothing again.
      const [row] = await tx
        .update(c)
        .set({
          failStreak: sql`${c.failStreak} + 1`,
          locked: sql`${c.locked} or ${c.failStreak} + 1 >= ${lockAfter}`,
          selfLockedAt: sql`case when not ${c.locked} and ${c.failStreak} + 1 >= ${lockAfter} then now() else ${c.selfLockedAt} end`,
        })
        .where(where)
        .returning({
          streak: c.failStreak,
          selfLockedAt: c.selfLockedAt,
          justLocked: sql<boolean>`${c.selfLockedAt} = now()`,
        });
      if (row?.justLocked)
        news.push({ id: deviceId, kind: 'channelLocked', extra: { channel: o.channel, count: row.streak } });
    }
  }
  return news;
}
