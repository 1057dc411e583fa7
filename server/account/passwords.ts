/**
 * Password hashes: scrypt (node:crypto) with a random salt, compared in
 * constant time. Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost
 * can be raised without invalidating existing hashes: a hash below today's
 * cost still verifies, and `needsRehash` tells the sign-in to store a new one.
 *
 * Cost N=2^17, r=8, p=1 (OWASP's scrypt guidance): 128 MiB and about a third
 * of a second per hash on a 2-core machine. At most HASHING_AT_ONCE hashes run
 * at a time, so a burst of sign-ins waits its turn rather than taking
 * 128 MiB each; the sign-in limits (limits.ts) refuse locked keys before any
 * hashing, so they bound how much of this work a stranger can ask for.
 */
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

const KEY_LENGTH = 32;
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}
/** Today's cost: what new hashes are made with, and below which a stored hash is re-hashed. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };
let cost: PasswordCost = DEFAULT_PASSWORD_COST;
/** scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** A stored cost above this is not ours: refuse it rather than spend the memory. */
const MAX_N = 2 ** 20;
/** One hash per core, at least two: 2 × 128 MiB at most on our build machines. */
export const HASHING_AT_ONCE = Math.max(2, Math.min(4, availableParallelism()));
const hashing = pLimit(HASHING_AT_ONCE);

/**
 * Tests only (tests/setup.ts): a lower cost for the hashes this process makes,
 * as web frameworks' test settings swap in a fast hasher. Nothing in server/
 * calls it, so a running upstream always hashes at DEFAULT_PASSWORD_COST.
 */
export function setPasswordCostForTests(next: PasswordCost): void {
  cost = next;
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keylen, { ...options, maxmem: MAX_MEMORY }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const was = { N: Number(n), r: Number(r), p: Number(p) };
  if (!(was.N <= MAX_N && 128 * was.N * was.r * was.p <= MAX_MEMORY)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, was);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made at a lower cost (or another scheme) than today's. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

/**
 * A real hash of nothing anyone knows: verifying against it when the username
 * is unknown costs the same time as a wrong password, so the answer's timing
 * does not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
