/**
 * A database restart signs nobody out: while the upstream answers HTTP 503
 * (whatever its body code) the core keeps the token, the §8 policy says "try
 * again later" without a reset, and the same session works again once the
 * upstream is back. The upstream is the real one, listening on a port, with
 * handlers that fail as the pg driver does while PostgreSQL is away.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryVault, type TokenVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { CODE, decide, type ApiOp } from '../../shared/domains.js';
import type { CallError } from '../../shared/errors/policy.js';
import { openDatabase, type Database } from '../../server/db/index.js';
import { buildApp } from '../../server/app.js';
import { handlers, loadDemoData } from '../../server/domains.js';
import { BizError } from '../../server/http/errors.js';
import type { Handlers } from '../../server/http/handlers.js';
import { DEMO_PASSWORD } from './support.js';

/** What the next call of a failing operation throws; null while the database is there. */
let outage: (() => unknown) | null = null;
const DRIVER_LOST = () => new Error('Connection terminated unexpectedly');

type AnyHandler = (input: unknown, ctx: unknown) => Promise<unknown>;
const failing = (ops: ApiOp[]): Partial<Handlers> =>
  Object.fromEntries(
    ops.map((op) => [
      op,
      (async (input: unknown, ctx: unknown) => {
        if (outage) throw outage();
        return (handlers[op] as unknown as AnyHandler)(input, ctx);
      }) as never,
    ]),
  );

let database: Database;
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  database = await openDatabase('memory://');
  await loadDemoData(database.db);
  app = await buildApp({ db: database, handlers: failing(['point.page', 'account.info']) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const makeCore = (vault: TokenVault) =>
  createCore({ upstreamUrl: url, vault, prefs: memoryPrefs(), mode: 'browser', version: '1' });
const page = (core: Core) => core.call('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} });
const errorOf = (res: unknown) => (res as { ok: false; error: CallError }).error;

describe('HTTP 503 during a call', () => {
  let vault: TokenVault;
  let core: Core;
  beforeEach(async () => {
    outage = null;
    vault = memoryVault();
    core = makeCore(vault);
    expect(await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD })).toMatchObject({
      ok: true,
    });
  });

  const cases: [string, () => unknown, number][] = [
    ["the database is away (the upstream's own code)", DRIVER_LOST, CODE.databaseUnavailable],
    [
      'body 503 "service unavailable" (spec §8 would reset on the body code)',
      () => new BizError(CODE.unavailable),
      CODE.unavailable,
    ],
    [
      'a token code on HTTP 503 (the upstream could not check the token)',
      () => new BizError(CODE.tokenInvalid, undefined, 503),
      CODE.tokenInvalid,
    ],
  ];
  for (const [what, error, code] of cases) {
    it(`${what}: try again later, and the session stays`, async () => {
      const token = await vault.get();
      outage = error;
      const res = await page(core);
      expect(res).toMatchObject({ ok: false, error: { source: 'upstream', status: 503, code } });
      expect(decide(errorOf(res))).toMatchObject({ rule: 'httpOther', reset: false, revoke: false, back: false });
      expect(await vault.get()).toBe(token);
      expect(core.session.user()).toMatchObject({ username: 'tenant1' });

      outage = null;
      expect(await page(core)).toMatchObject({ ok: true, content: { total: expect.any(Number) } });
    });
  }
});

describe('HTTP 503 while a restarted console restores its session', () => {
  it('keeps the stored token and restores the user once the upstream is back', async () => {
    outage = null;
    const before = memoryVault();
    await makeCore(before).call('session.signIn', { username: 'admin', password: DEMO_PASSWORD });
    const stored = await before.get();
    expect(stored).toBeTruthy();

    outage = DRIVER_LOST;
    const vault = memoryVault(stored);
    const restarted = makeCore(vault);
    expect(await restarted.call('session.current', {})).toMatchObject({
      ok: false,
      error: { source: 'upstream', status: 503, code: CODE.databaseUnavailable },
    });
    expect(await vault.get()).toBe(stored);

    outage = null;
    expect(await restarted.call('session.current', {})).toMatchObject({ ok: true, content: { username: 'admin' } });
  });
});
