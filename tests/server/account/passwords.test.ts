/** Password hashing at today's scrypt cost, and re-hashing older hashes on sign-in. */
import { describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_PASSWORD_COST,
  hashPassword,
  needsRehash,
  setPasswordCostForTests,
  verifyPassword,
} from '../../../server/account/passwords.js';
import { users } from '../../../server/account/index.js';
import { suiteApp, DEMO_PASSWORD } from '../helpers.js';

// This file proves today's cost, not the test cost of tests/setup.ts.
setPasswordCostForTests(DEFAULT_PASSWORD_COST);

/** A hash as the first release stored it: N=16384. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashes', () => {
  it('are made at N=2^17, r=8, p=1 and verify', async () => {
    const hash = await hashPassword('Secret@2026');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword('Secret@2026', hash)).toBe(true);
    expect(await verifyPassword('Secret@2027', hash)).toBe(false);
  });

  it('still verify at the old cost, which asks for a re-hash', async () => {
    const hash = oldHash('Secret@2026');
    expect(await verifyPassword('Secret@2026', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(true);
  });

  it('refuse a stored cost beyond what this server would spend, and malformed hashes', async () => {
    expect(await verifyPassword('x', 'scrypt$4194304$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });
});

describe('account.token re-hashes an old hash', () => {
  const t = suiteApp([]);

  const hashOf = async (username: string) =>
    (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.username, username)))[0]!.h;

  it('on the next successful sign-in, and only then', async () => {
    await t.db
      .update(users)
      .set({ passwordHash: oldHash(DEMO_PASSWORD) })
      .where(eq(users.username, 'tenant2'));
    const before = await hashOf('tenant2');
    await expect(t.signIn('tenant2', 'wrong')).rejects.toThrow();
    expect(await hashOf('tenant2')).toBe(before);
    await t.signIn('tenant2');
    const after = await hashOf('tenant2');
    expect(after).not.toBe(before);
    expect(needsRehash(after)).toBe(false);
    // The new hash is of the same password.
    await t.signIn('tenant2');
  });
});
