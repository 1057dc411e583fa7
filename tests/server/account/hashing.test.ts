/** A burst of sign-ins hashes a few at a time, not all at once (server/account/passwords.ts). */
import { describe, expect, it, vi } from 'vitest';
import type * as Crypto from 'node:crypto';
import { TEST_PASSWORD_COST } from '../../setup.js';

let running = 0;
let most = 0;
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as (err: Error | null, key: Buffer) => void;
    running++;
    most = Math.max(most, running);
    (crypto.scrypt as unknown as (...a: unknown[]) => void)(...args, (err: Error | null, key: Buffer) => {
      running--;
      done(err, key);
    });
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

// tests/setup.ts loaded the module with the real node:crypto: load it afresh over the mock, at the test cost
// tests/setup.ts gives the first (at the real cost forty hashes took 17 s; what is counted is how many run at once).
vi.resetModules();
const { HASHING_AT_ONCE, hashPassword, verifyPassword, setPasswordCostForTests } =
  await import('../../../server/account/passwords.js');
setPasswordCostForTests(TEST_PASSWORD_COST);

describe('password hashing', () => {
  it(`runs at most ${HASHING_AT_ONCE} hashes at once under a burst of twenty`, async () => {
    const hashes = await Promise.all(Array.from({ length: 20 }, (_, i) => hashPassword(`Secret@${i}`)));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(HASHING_AT_ONCE);
    most = 0;
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`Secret@${i}`, h)));
    expect(checks.every(Boolean)).toBe(true);
    expect(most).toBeLessThanOrEqual(HASHING_AT_ONCE);
  });
});
