/**
 * Batches follow their channel's stock (the device domain's `stockBatches`
 * port, called in the transaction that moved it, the device row locked).
 * Per channel, after the move:
 * - open batches of goods the channel no longer carries close (taken out);
 * - less stock than the open batches hold: the difference leaves them
 *   oldest first — earliest expiry, unknown expiry before any, then the
 *   first refilled — which is how a sale sells the oldest goods first;
 * - more stock: a refill's batch given for the channel takes it, with its
 *   expiry and lot; a refill or a hand edit of a perishable product without
 *   one is refused (1440); a machine's count raising it is held in the
 *   quarantine (the channel's stock taken back: quarantine.ts applies it
 *   once approved); goods a failed vend gave back, or an approved count,
 *   join the oldest open batch, or, with none, a batch of unknown expiry the
 *   batches screen shows for someone to check.
 * Each change to a batch is a move beside it (`fresh_batch_moves`).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { addDays, businessDay } from '../../shared/business-time.js';
import { expiryEnd, FRESH_LIMITS, markdownPercent, type StockRiseDetail } from '../../shared/fresh/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import {
  deviceChannels,
  devices,
  takeFromChannel,
  type StockCause,
  type ChannelExpiry,
  type StockMoved,
  type TakenBatches,
} from '../device/index.js';
import { laddersOf } from './markdowns.js';
import { products } from '../product/index.js';
import { freshBatches as b, freshBatchMoves, freshQuarantine } from './schema.js';

interface OpenBatch {
  id: number;
  channel: number;
  productId: number;
  expiresOn: string | null;
  remaining: number;
}

const NOTHING_TAKEN: ReadonlyMap<number, TakenBatches> = new Map();

/** Answers, for a sale, what it took from each channel's batches and the markdown that prices it. */
export async function followStock(tx: Tx, moved: StockMoved): Promise<ReadonlyMap<number, TakenBatches>> {
  if (moved.numbers !== null && !moved.numbers.length) return NOTHING_TAKEN;
  const channels = await tx
    .select({
      number: deviceChannels.number,
      stock: deviceChannels.stock,
      productId: deviceChannels.productId,
      perishable: sql<boolean>`coalesce(${products.perishable}, false)`,
      productName: products.name,
      tenantId: devices.tenantId,
    })
    .from(deviceChannels)
    .innerJoin(devices, eq(devices.id, deviceChannels.deviceId))
    .leftJoin(products, eq(products.id, deviceChannels.productId))
    .where(
      and(
        eq(deviceChannels.deviceId, moved.deviceId),
        moved.numbers ? inArray(deviceChannels.number, [...moved.numbers]) : undefined,
      ),
    )
    .orderBy(asc(deviceChannels.number));
  const open: OpenBatch[] = await tx
    .select({ id: b.id, channel: b.channel, productId: b.productId, expiresOn: b.expiresOn, remaining: b.remaining })
    .from(b)
    .where(
      and(
        eq(b.deviceId, moved.deviceId),
        isNull(b.closedAt),
        moved.numbers ? inArray(b.channel, [...moved.numbers]) : undefined,
      ),
    )
    .orderBy(asc(b.channel), sql`${b.expiresOn} asc nulls first`, asc(b.id))
    .for('update');
  checkGiven(moved);
  // The freshest batch each channel's sale took from, and the units it took from batches past their expiry.
  const taken = new Map<number, OpenBatch>();
  const expired = new Map<number, number>();
  const now = new Date();
  for (const ch of channels) {
    const mine = open.filter((o) => o.channel === ch.number);
    const gone = mine.filter((o) => o.productId !== ch.productId);
    for (const o of gone) await moveBatch(tx, o, -o.remaining, moved.cause);
    const kept = mine.filter((o) => o.productId === ch.productId);
    const diff = ch.stock - kept.reduce((sum, o) => sum + o.remaining, 0);
    if (diff < 0) {
      const took = await takeOldest(tx, kept, -diff, moved.cause, now);
      if (took.last) taken.set(ch.number, took.last);
      if (took.expired) expired.set(ch.number, took.expired);
    }
    if (diff <= 0 || ch.productId === null || ch.tenantId === null) continue;
    const given = moved.batches?.find((g) => g.number === ch.number);
    if (given) {
      await addBatch(tx, moved, ch.number, ch.productId, ch.tenantId, diff, given.expiresOn, given.lot ?? null);
    } else if (ch.perishable && (moved.cause === 'refill' || moved.cause === 'edit')) {
      throw new BizError(CODE.batchExpiryRequired);
    } else if (ch.perishable && moved.cause === 'count') {
      // A machine's count raising fresh food nobody refilled: goods of no known expiry. Taken back and held.
      await holdStockRise(tx, moved.deviceId, ch.tenantId, {
        channel: ch.number,
        productName: ch.productName ?? '',
        from: ch.stock - diff,
        to: ch.stock,
      });
    } else if (kept.length) {
      await moveBatch(tx, kept[0]!, diff, moved.cause);
    } else if (ch.perishable) {
      await addBatch(tx, moved, ch.number, ch.productId, ch.tenantId, diff, null, null);
    }
  }
  const tenantId = channels[0]?.tenantId;
  if (moved.cause !== 'sale' || !taken.size || tenantId == null) return NOTHING_TAKEN;
  // A sale sells the freshest batch it took at that batch's markdown: nobody is given more off than all its units earn.
  const ladders = await laddersOf(tx, tenantId, [...new Set([...taken.values()].map((o) => o.productId))]);
  return new Map(
    [...taken].map(([channel, o]) => [
      channel,
      {
        expiresOn: o.expiresOn,
        markdown: markdownPercent(ladders.get(o.productId) ?? [], o.expiresOn, now),
        expired: expired.get(channel) ?? 0,
      },
    ]),
  );
}

/**
 * Holds a count's rise in the quarantine (quarantine.ts decides it): the
 * channel's stock back to what its batches hold (a stock move `held`).
 */
async function holdStockRise(tx: Tx, deviceId: number, tenantId: number, detail: StockRiseDetail) {
  await takeFromChannel(tx, deviceId, detail.channel, detail.to - detail.from, 'held');
  await tx.insert(freshQuarantine).values({ tenantId, deviceId, kind: 'stockRise', detail });
}

/** A refill's batches: an expiry from today to ten years on (a field error at the batch otherwise). */
function checkGiven(moved: StockMoved) {
  const today = businessDay();
  const last = addDays(today, FRESH_LIMITS.expiryDays);
  const fields: Record<string, string> = {};
  (moved.batches ?? []).forEach((g, i) => {
    if (g.expiresOn < today) fields[`batches.${i}.expiresOn`] = 'fresh.validation.expired';
    else if (g.expiresOn > last) fields[`batches.${i}.expiresOn`] = 'fresh.validation.expiryTooFar';
  });
  if (Object.keys(fields).length) throw new RequestValidationError(fields);
}

/** Takes `units` from the batches oldest first; answers the last (freshest) one taken from, and the units past their expiry at `now`. */
async function takeOldest(tx: Tx, batches: readonly OpenBatch[], units: number, cause: StockCause, now: Date) {
  let left = units;
  let last: OpenBatch | undefined;
  let expired = 0;
  for (const o of batches) {
    if (left === 0) break;
    const n = Math.min(left, o.remaining);
    await moveBatch(tx, o, -n, cause);
    if (o.expiresOn !== null && expiryEnd(o.expiresOn) <= now) expired += n;
    left -= n;
    last = o;
  }
  return { last, expired };
}

/** One move of a batch and what it leaves, closed when nothing is left (the follow's, and a removal's: waste.ts). */
export async function moveBatch(tx: Tx, o: Pick<OpenBatch, 'id' | 'remaining'>, delta: number, cause: StockCause) {
  if (delta === 0) return;
  o.remaining += delta;
  await tx
    .update(b)
    .set({ remaining: o.remaining, closedAt: o.remaining === 0 ? sql`now()` : null })
    .where(eq(b.id, o.id));
  await tx.insert(freshBatchMoves).values({ batchId: o.id, delta, cause });
}

async function addBatch(
  tx: Tx,
  moved: StockMoved,
  channel: number,
  productId: number,
  tenantId: number,
  units: number,
  expiresOn: string | null,
  lot: string | null,
) {
  const [made] = await tx
    .insert(b)
    .values({
      tenantId,
      deviceId: moved.deviceId,
      channel,
      productId,
      lot,
      expiresOn,
      quantity: units,
      remaining: units,
      refilledBy: expiresOn === null ? null : (moved.actor ?? null),
    })
    .returning({ id: b.id });
  await tx
    .insert(freshBatchMoves)
    .values({ batchId: made!.id, delta: units, cause: expiresOn === null ? 'opening' : moved.cause });
}

/**
 * Per channel with fresh food, the next unit's expiry (its oldest open
 * batch's, null when unknown) and whether it is past (the device domain's
 * `channelExpiries` port): a sale there would sell it, so the heartbeat tells
 * the machine to refuse the channel until the batch is removed, and the
 * machine prices the unit by its markdown ladder from the expiry.
 */
export async function channelExpiries(db: Queryable, deviceId: number): Promise<ReadonlyMap<number, ChannelExpiry>> {
  const rows = await db
    .select({
      channel: b.channel,
      unknown: sql<boolean>`bool_or(${b.expiresOn} is null)`,
      first: sql<string | null>`min(${b.expiresOn})::text`,
      expired: sql<boolean>`bool_or(${b.expiresOn} < ${businessDay()})`,
    })
    .from(b)
    .where(and(eq(b.deviceId, deviceId), isNull(b.closedAt)))
    .groupBy(b.channel);
  return new Map(rows.map((r) => [r.channel, { expiresOn: r.unknown ? null : r.first, expired: r.expired === true }]));
}
