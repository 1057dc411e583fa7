/**
 * Known installs (OWASP "Slow down online guessing attacks with device
 * cookies"): a desktop or browser that signed in to an account is given a
 * device token, kept there for that account. Signing in with it, its
 * failures count against the install alone, with a small cap of its own
 * (limits.ts `device`), so ten wrong passwords from a stranger — who can
 * lock the account for every unknown device, the admin's included — cannot
 * keep its owner out. The token is random, stored as its sha256, valid for
 * its account only; an account keeps its most recent installs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { knownDevices, users } from './schema.js';

/** The installs an account keeps; a new one beyond forgets the least recently used. */
const KEPT = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The known install of this account the token names, if any (another account's token names none). */
export async function knownDevice(
  db: Queryable,
  username: string,
  token: string | undefined,
): Promise<number | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.tokenHash, hashOf(token)), eq(users.username, username)));
  return row?.id;
}

/** After a good sign-in: the install's token — the one it came with, or a new one — and the account's most recent installs kept. */
export async function rememberDevice(
  db: Queryable,
  userId: number,
  known: number | undefined,
  token: string | undefined,
): Promise<string> {
  if (known !== undefined && token) {
    await db
      .update(knownDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(knownDevices.id, known));
    return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(knownDevices).values({ userId, tokenHash: hashOf(fresh) });
  const kept = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastUsedAt), desc(knownDevices.id))
    .limit(KEPT);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, kept)));
  return fresh;
}

/** A wrong password, or an attempt refused for a lock, on an account: counted for its owner to see at the next sign-in. */
export async function countFailedSignIn(db: Queryable, username: string): Promise<void> {
  await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1`, lastFailedAt: sql`now()` })
    .where(eq(users.username, username));
}

/** At a good sign-in: the failures since the last one, then forgotten. */
export async function takeFailedSignIns(
  db: Queryable,
  userId: number,
): Promise<{ count: number; lastAt: string | null }> {
  const [before] = await db
    .select({ count: users.failedSignIns, lastAt: users.lastFailedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (before && before.count > 0) await db.update(users).set({ failedSignIns: 0 }).where(eq(users.id, userId));
  return { count: before?.count ?? 0, lastAt: before?.lastAt?.toISOString() ?? null };
}
