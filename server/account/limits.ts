/**
 * Sign-in limits kept in the database (ARCHITECTURE §10), so N upstream
 * instances allow what one would, not N times as much. Two keys per attempt
 * (a known install's own key takes the account's place: devices.ts):
 *
 * - `account:<username>` counts failures from every address: a password
 *   spray through many addresses still locks the account. The lock is short
 *   and doubles on each lock in a row, bounded by `maxLockMs`, so a stranger
 *   who knows a username can keep its owner waiting minutes, never days.
 * - `address:<ip>` counts failures across every account: one address cannot
 *   try one password on thousands of accounts. Its cap is higher, since an
 *   office or a proxy puts many people behind one address.
 *
 * A lock is checked before the password is verified (a locked key costs no
 * scrypt), only failures count, and a successful sign-in clears its account's
 * count. Counting is one atomic upsert per key; the lock is a conditional
 * update that one of several racing failures wins.
 *
 * Hand-written rather than @fastify/rate-limit with a shared store: that
 * plugin counts requests, not failures, and has no lock-out that escalates.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import type { SignInLimit } from '../manifest.js';
import { signInLimits } from './schema.js';

export type { SignInLimit };

/**
 * Ten wrong passwords in fifteen minutes lock an account for one minute, then
 * two, four… at most fifteen; an address gets a hundred across accounts; a
 * known install five of its own.
 */
export const DEFAULT_SIGN_IN_LIMIT: SignInLimit = {
  accountFailures: 10,
  addressFailures: 100,
  deviceFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

/**
 * The keys an attempt counts against: the address's always; the account's,
 * or — from an install that signed in to the account before — that
 * install's own (`device`), with its own smaller cap.
 */
export interface AttemptKeys {
  account: string;
  address: string;
  /** `device:<known device id>`: set for a known install, whose failures leave the account's count alone. */
  device?: string;
}

/** Usernames compare case-insensitively here, so `Admin` and `admin` share one count. */
export const attemptKeys = (username: string, ip: string, knownDevice?: number): AttemptKeys => ({
  account: `account:${username.toLowerCase()}`,
  address: `address:${ip}`,
  ...(knownDevice !== undefined ? { device: `device:${knownDevice}` } : {}),
});

/** The keys whose locks and counts apply: the install's instead of the account's when it is known. */
const inUse = (keys: AttemptKeys) => [keys.device ?? keys.account, keys.address];

/** When the later of the keys' locks ends, or null when none is locked. */
export async function lockedUntil(db: Queryable, keys: AttemptKeys): Promise<Date | null> {
  const rows = await db
    .select({ until: signInLimits.lockedUntil })
    .from(signInLimits)
    .where(sql`${inArray(signInLimits.key, inUse(keys))} and ${signInLimits.lockedUntil} > now()`);
  const ends = rows.map((r) => r.until!.getTime());
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Counts one failure against the keys in use, locking a key that reaches its cap. */
export async function recordFailure(db: Queryable, keys: AttemptKeys, limit: SignInLimit): Promise<void> {
  if (keys.device) await countFailure(db, keys.device, limit.deviceFailures, limit);
  else await countFailure(db, keys.account, limit.accountFailures, limit);
  await countFailure(db, keys.address, limit.addressFailures, limit);
}

/**
 * A successful sign-in forgets the failures and past locks of the key it
 * counted against (not its address's): a known install's own — the
 * account's stay, so the owner signing in does not open the account again
 * to a stranger guessing from elsewhere — or the account's.
 */
export async function recordSuccess(db: Queryable, keys: AttemptKeys): Promise<void> {
  await db.delete(signInLimits).where(eq(signInLimits.key, keys.device ?? keys.account));
}

async function countFailure(db: Queryable, key: string, cap: number, limit: SignInLimit): Promise<void> {
  const window = `${limit.windowMs} milliseconds`;
  const t = signInLimits;
  // A window that has run out starts again at one; lock-outs are forgotten once
  // a whole window has passed since the last lock ended. Failures that were
  // already under way when a racing one locked the key do not count.
  await db
    .insert(t)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${t.lockedUntil} > now() then ${t.failures}
        when ${t.windowStartedAt} < now() - ${window}::interval then 1 else ${t.failures} + 1 end`,
        lockouts: sql`case when ${t.lockedUntil} < now() - ${window}::interval then 0 else ${t.lockouts} end`,
        windowStartedAt: sql`case when ${t.windowStartedAt} < now() - ${window}::interval then now() else ${t.windowStartedAt} end`,
      },
    });
  // Row-locked and re-checked: of racing failures past the cap, one locks and the rest find the count reset.
  await db
    .update(t)
    .set({
      lockedUntil: sql`now() + least(${limit.lockMs}::float8 * power(2, ${t.lockouts}), ${limit.maxLockMs}::float8) * interval '1 millisecond'`,
      lockouts: sql`${t.lockouts} + 1`,
      failures: 0,
      windowStartedAt: sql`now()`,
    })
    .where(sql`${t.key} = ${key} and ${t.failures} >= ${cap}`);
}
