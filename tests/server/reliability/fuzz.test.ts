/**
 * Schema fuzzing, generated from the API table: for every operation, valid
 * inputs from its schemas with one mutation each (support/mutate.ts), sent
 * through Fastify's whole pipeline as a caller allowed to use the operation.
 * FUZZ_RUNS requests (10 000 by default) on a fixed seed (FUZZ_SEED to
 * replay another). Expected: no HTTP 5xx, every refusal an envelope with a
 * catalogue code, and a refused call leaves the database as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, type ApiOp } from '../../../shared/domains.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { caseOf } from './support/mutate.js';
import { catalogued, FUZZ_MACHINE, send, succeeded, type WireAnswer, type WireCase } from './support/request.js';
import { demoSecret, devices } from '../../../server/device/index.js';
import { secretHashOf } from '../../../server/device/credentials.js';
import { eq } from 'drizzle-orm';
import { defOf, OPS } from './support/schema.js';
import { addMember, tokenOf, watchWrites } from './support/world.js';
import { POWER_CODES } from '../../../shared/roles.js';
import { members, sandboxCode } from '../../../server/member/index.js';
import { tenants } from '../../../server/identity/schema.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

let t: TestApp;
let writes: () => Promise<number>;
/** Username of the account each operation is called as: one its access rule lets through. */
const callerOf = (op: ApiOp): string => {
  const access = defOf(op).access;
  // The member-facing API as a member of tenant A's mini-program.
  if (access.auth === 'memberApp') return MEMBER;
  if (access.auth !== 'user') return '';
  const roles = access.roles ?? ['admin'];
  return roles.includes('admin')
    ? 'admin'
    : roles.includes('tenant')
      ? 'tenant1'
      : roles.includes('member')
        ? 'fuzzmember'
        : 'enterprise1';
};
const MEMBER = '(member)';
const tokens = new Map<string, string>();
const TOKEN_REFUSALS = new Set<unknown>([
  CODE.tokenMissing,
  CODE.tokenExpired,
  CODE.tokenInvalid,
  CODE.memberSessionInvalid,
  CODE.memberBlocked,
]);

beforeAll(async () => {
  t = await createTestApp({ deviceLimit: { requests: 1_000_000, windowMs: 60_000 } });
  await addMember(t, 'fuzzmember', t.ids.tenant('A'), POWER_CODES);
  writes = await watchWrites(t);
}, 120_000);
afterAll(() => t.close());

/** A session of tenant A's fuzz member, its programme switched on again and the member let back if a generated call changed them. */
async function memberToken(): Promise<string> {
  const A = t.ids.tenant('A');
  await t.db.update(tenants).set({ membersEnabled: true, disabled: false }).where(eq(tenants.id, A));
  await t.db.update(members).set({ state: 'normal' }).where(eq(members.openid, 'fuzz-member'));
  return (await t.ok('member.signIn', { body: { tenantId: A, code: sandboxCode('fuzz-member') } })).token;
}

/** The caller's token, minted again when a generated call revoked it (a password change, a sign-out). */
async function tokenFor(op: ApiOp): Promise<string | undefined> {
  const username = callerOf(op);
  if (!username) return undefined;
  if (!tokens.has(username))
    tokens.set(username, username === MEMBER ? await memberToken() : await tokenOf(t, username));
  return tokens.get(username);
}

const stats = { requests: 0, accepted: 0, refused: 0, fiveHundreds: 0, byCode: new Map<unknown, number>() };

async function run(c: WireCase): Promise<{ answer: WireAnswer; changed: boolean }> {
  let token = await tokenFor(c.op);
  let before = await writes();
  let answer = await send(t.app, { ...c, token });
  if (TOKEN_REFUSALS.has(answer.body?.code) && callerOf(c.op)) {
    tokens.delete(callerOf(c.op));
    token = await tokenFor(c.op);
    before = await writes();
    answer = await send(t.app, { ...c, token });
  }
  if (answer.body?.code === CODE.deviceCredentials && defOf(c.op).access.auth === 'device') {
    // A generated device.activate gave the fuzz machine a new secret: restore its demo one.
    await t.db
      .update(devices)
      .set({ secretHash: secretHashOf(demoSecret(FUZZ_MACHINE)) })
      .where(eq(devices.serial, FUZZ_MACHINE));
    before = await writes();
    answer = await send(t.app, c);
  }
  const ok = succeeded(answer, c.op);
  const changed = !ok && (await writes()) !== before;
  stats.requests++;
  if (ok) stats.accepted++;
  else stats.refused++;
  if (answer.status >= 500) stats.fiveHundreds++;
  // An answer with no code is a file (an export's or a package's bytes) or the raw token answer: tallied as such.
  const code = answer.body?.code ?? (answer.body === undefined ? 'file' : 'raw');
  stats.byCode.set(code, (stats.byCode.get(code) ?? 0) + 1);
  return { answer, changed };
}

describe('schema fuzzing', () => {
  it(`${RUNS} generated requests: no 5xx, catalogue refusals, nothing written by a refusal`, async () => {
    const anyCase = fc.constantFrom(...OPS).chain(caseOf);
    await fc.assert(
      fc.asyncProperty(anyCase, async (c) => {
        const { answer, changed } = await run(c);
        const what = `${c.op} → HTTP ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (!succeeded(answer, c.op)) expect(catalogued(answer), `not a catalogue refusal: ${what}`).toBe(true);
        expect(changed, `a refused call changed the database: ${what}`).toBe(false);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const codes = [...stats.byCode]
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${String(code)}×${n}`)
      .join(' ');
    console.log(
      `fuzz: ${stats.requests} requests over ${OPS.length} operations (seed ${SEED}); accepted ${stats.accepted}, refused ${stats.refused}, HTTP 5xx ${stats.fiveHundreds}; codes ${codes}`,
    );
    expect(stats.fiveHundreds).toBe(0);
    // The generator must reach past validation too, or it only tests the schemas.
    expect(stats.accepted).toBeGreaterThan(RUNS / 50);
  }, 900_000);
});
