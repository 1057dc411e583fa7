/**
 * A smart fridge's door on the device API (shared/fresh/doors.ts): the
 * opening a shopper's card asks for, capped by the tenant's rule, and its
 * close with what the goods came to. A card is known by its token's digest
 * alone. An opening takes the device's row as a sale does (deviceForSale:
 * the machine may sell, its openings one at a time); a close locks its
 * opening's row, so a close sent again — or eight at once — counts its
 * decline once; a card's declines are one row's counter, so a block at the
 * tenant's number happens once whichever closes race.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { DOOR_DEFAULTS, type OpeningState } from '../../shared/fresh/index.js';
import type { Queryable, Tx, Db } from '../db/index.js';
import { deviceForSale } from '../device/index.js';
import { BizError } from '../http/errors.js';
import type { DeviceCaller } from '../http/principal.js';
import { freshCards as cards, freshDoorOpenings as o, freshDoorSettings } from './schema.js';

/** The card token's digest: what a block is kept against, the token itself never stored. */
export const cardDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A tenant's cap and declines, the defaults where it set none. */
export async function doorRules(db: Queryable, tenantId: number) {
  const [own] = await db
    .select({ cap: freshDoorSettings.cap, declines: freshDoorSettings.declines })
    .from(freshDoorSettings)
    .where(eq(freshDoorSettings.tenantId, tenantId));
  return { ...(own ?? DOOR_DEFAULTS), own: own !== undefined };
}

export const openingState = (r: { closedAt: Date | null; declined: boolean; amount: number | null }): OpeningState =>
  r.closedAt === null ? 'open' : r.declined ? 'declined' : (r.amount ?? 0) > 0 ? 'paid' : 'nothing';

export async function openDoor(
  db: Db,
  caller: DeviceCaller,
  body: { openingId: string; card: string; cardTail?: string | undefined },
) {
  const hash = cardDigest(body.card);
  const answer = await db.transaction(async (tx): Promise<{ cap: number } | { blockedFor: number }> => {
    // The machine may sell (902–905), and its openings take turns on its row.
    const device = await deviceForSale(tx, caller.id);
    const [seen] = await tx
      .select({ cap: o.cap })
      .from(o)
      .where(and(eq(o.deviceId, device.id), eq(o.openingId, body.openingId)));
    if (seen) return { cap: seen.cap };
    const [card] = await tx
      .select({ blockedAt: cards.blockedAt })
      .from(cards)
      .where(and(eq(cards.tenantId, device.tenantId), eq(cards.cardHash, hash)));
    if (card?.blockedAt) return { blockedFor: device.tenantId };
    const { cap } = await doorRules(tx, device.tenantId);
    await tx.insert(o).values({
      tenantId: device.tenantId,
      deviceId: device.id,
      openingId: body.openingId,
      cardHash: hash,
      cardTail: body.cardTail ?? null,
      cap,
    });
    return { cap };
  });
  if ('cap' in answer) return answer;
  // Refused: counted on the card after the transaction, which a refusal would roll back.
  await db
    .update(cards)
    .set({ refusals: sql`${cards.refusals} + 1`, lastSeenAt: new Date() })
    .where(and(eq(cards.tenantId, answer.blockedFor), eq(cards.cardHash, hash)));
  throw new BizError(CODE.cardBlocked);
}

export async function closeDoor(
  db: Db,
  caller: DeviceCaller,
  body: { openingId: string; amount: number; declined: boolean; saleId?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [opening] = await tx
      .select()
      .from(o)
      .where(and(eq(o.deviceId, caller.id), eq(o.openingId, body.openingId)))
      .for('update');
    if (!opening) throw new BizError(CODE.openingUnknown);
    if (opening.closedAt !== null)
      return { state: openingState(opening), cardBlocked: await isBlocked(tx, opening.tenantId, opening.cardHash) };
    const closedAt = new Date();
    await tx
      .update(o)
      .set({ closedAt, amount: body.amount, declined: body.declined, saleId: body.saleId ?? null })
      .where(eq(o.id, opening.id));
    const state = openingState({ closedAt, declined: body.declined, amount: body.amount });
    if (body.declined) return { state, cardBlocked: await decline(tx, opening) };
    // A payment clears the card's declines in a row (a blocked card stays blocked until someone unblocks it).
    if (state === 'paid')
      await tx
        .update(cards)
        .set({ declines: 0, lastSeenAt: closedAt })
        .where(
          and(eq(cards.tenantId, opening.tenantId), eq(cards.cardHash, opening.cardHash), isNull(cards.blockedAt)),
        );
    return { state, cardBlocked: await isBlocked(tx, opening.tenantId, opening.cardHash) };
  });
}

async function isBlocked(tx: Tx, tenantId: number, hash: string) {
  const [card] = await tx
    .select({ blockedAt: cards.blockedAt })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardHash, hash)));
  return card?.blockedAt != null;
}

/** One more decline of the opening's card; at the tenant's number in a row, blocked at all its fridges. */
async function decline(tx: Tx, opening: typeof o.$inferSelect) {
  const [card] = await tx
    .insert(cards)
    .values({ tenantId: opening.tenantId, cardHash: opening.cardHash, cardTail: opening.cardTail, declines: 1 })
    .onConflictDoUpdate({
      target: [cards.tenantId, cards.cardHash],
      set: {
        declines: sql`${cards.declines} + 1`,
        lastSeenAt: sql`now()`,
        cardTail: sql`coalesce(excluded.card_tail, ${cards.cardTail})`,
      },
    })
    .returning({ id: cards.id, declines: cards.declines, blockedAt: cards.blockedAt });
  if (card!.blockedAt) return true;
  const { declines } = await doorRules(tx, opening.tenantId);
  if (card!.declines < declines) return false;
  await tx
    .update(cards)
    .set({ blockedAt: new Date(), blockedDeviceId: opening.deviceId, unblockedAt: null, unblockedBy: null })
    .where(and(eq(cards.id, card!.id), isNull(cards.blockedAt)));
  return true;
}
