/**
 * Two upstream instances on one PostgreSQL server share one sign-in limit
 * (server/account/limits.ts keeps the counts in the database). Runs in
 * `npm run test:pg`, where DATABASE_URL names a PostgreSQL server; on the
 * in-memory PGlite of the plain run there is no second process to share with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CODE } from '../../../shared/domains.js';
import { openDatabase, type Database } from '../../../server/db/index.js';
import { buildApp } from '../../../server/app.js';
import type { SignInLimit } from '../../../server/account/index.js';
import { clientBasic, DEMO_PASSWORD, postgresUrl, suiteApp } from '../helpers.js';

const LIMIT: SignInLimit = {
  accountFailures: 4,
  addressFailures: 6,
  deviceFailures: 2,
  windowMs: 60_000,
  lockMs: 60_000,
  maxLockMs: 180_000,
};

describe.skipIf(!postgresUrl)('two upstream instances on one PostgreSQL', () => {
  const first = suiteApp([], { signInLimit: LIMIT });
  let secondDb: Database;
  let second: FastifyInstance;
  beforeAll(async () => {
    // The second instance: its own pool and its own app on the same database, as a second process would have.
    secondDb = await openDatabase(postgresUrl!);
    second = await buildApp({ db: secondDb, signInLimit: LIMIT });
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  const attempt = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { authorization: clientBasic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });

  it("adds up an account's failures split between them into one limit", async () => {
    const apps = [first.app, second, first.app, second];
    for (const [i, app] of apps.entries())
      expect((await attempt(app, 'tenant2', 'wrong', `10.20.0.${i}`)).statusCode).toBe(400);
    // Each instance saw two failures, half the limit; together they reached it.
    for (const app of [first.app, second]) {
      const res = await attempt(app, 'tenant2', DEMO_PASSWORD, '10.20.1.1');
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe(CODE.tooManyAttempts);
    }
  });

  it("adds up an address's spray split between them into one limit", async () => {
    const names = ['admin', 'tenant1', 'tenant11', 'member1', 'enterprise1', 'nobody'];
    for (const [i, name] of names.entries()) {
      expect((await attempt(i % 2 ? second : first.app, name, 'wrong', '10.21.0.1')).statusCode).toBe(400);
    }
    expect((await attempt(first.app, 'member1', DEMO_PASSWORD, '10.21.0.1')).statusCode).toBe(429);
    expect((await attempt(second, 'member1', DEMO_PASSWORD, '10.21.0.1')).statusCode).toBe(429);
    // The owner from their own address is not refused.
    expect((await attempt(second, 'member1', DEMO_PASSWORD, '10.21.0.2')).statusCode).toBe(200);
  });
});
