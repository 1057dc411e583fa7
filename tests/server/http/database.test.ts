/**
 * The database going away: while PostgreSQL restarts or drops the upstream's
 * connections, every answer is HTTP 503 with `databaseUnavailable` (never a
 * 500), /health says not ready, and the upstream recovers by itself when the
 * database is back. The outage is made without root by a TCP proxy between
 * the upstream and PostgreSQL that cuts every connection and refuses new ones,
 * and by pg_terminate_backend. The classification itself runs on PGlite too.
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, ERRORS } from '../../../shared/domains.js';
import { openDatabase, type Database } from '../../../server/db/index.js';
import { isDatabaseUnavailable } from '../../../server/db/outage.js';
import { buildApp } from '../../../server/app.js';
import { loadDemoData } from '../../../server/domains.js';
import { tcpProxy } from '../../tcp-proxy.js';
import { clientBasic, createTestApp, DEMO_PASSWORD, postgresUrl, resetPostgres, type TestApp } from '../helpers.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle hands a driver error on. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select "id" from "users" where "token" = $1\nparams: secret'), { cause });

describe('what counts as the database being unreachable', () => {
  it('recognises connection loss and refusal, however wrapped', () => {
    for (const e of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('ETIMEDOUT'),
      coded('57P01'),
      coded('57P02'),
      coded('57P03'),
      coded('08006'),
      coded('08001'),
      coded('53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      wrapped(coded('57P01', 'terminating connection due to administrator command')),
      wrapped(wrapped(new Error('Connection terminated unexpectedly'))),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], ''),
    ])
      expect(isDatabaseUnavailable(e), String((e as { code?: string }).code ?? e.message)).toBe(true);
  });

  it('leaves query bugs and data errors alone', () => {
    for (const e of [
      new Error('boom'),
      coded('23505', 'duplicate key'),
      coded('42P01', 'relation does not exist'),
      wrapped(coded('22P02')),
      null,
      'ECONNREFUSED',
      { code: 42 },
    ]) {
      expect(isDatabaseUnavailable(e), JSON.stringify(e)).toBe(false);
    }
  });
});

describe('answers while the database is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      handlers: {
        'tenant.list': async () => {
          throw wrapped(coded('57P01', 'terminating connection due to administrator command'));
        },
        'tenant.info': async () => {
          throw wrapped(coded('42P01', 'relation "x" does not exist'));
        },
      },
    });
  });
  afterAll(() => t.close());

  it("is HTTP 503 with a catalogue code that has its three texts, and nothing of the driver's error", async () => {
    const res = await t.call('tenant.list', { body: {} }, await t.signIn('admin'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: CODE.databaseUnavailable, message: ERRORS[CODE.databaseUnavailable]!.texts.en });
    expect(JSON.stringify(res.body)).not.toMatch(/Failed query|select|secret|administrator/);
    expect(ERRORS[CODE.databaseUnavailable]).toMatchObject({ status: 503, policy: 'notify' });
    expect(Object.values(ERRORS[CODE.databaseUnavailable]!.texts).every((s) => s.trim().length > 0)).toBe(true);
  });

  it('keeps a query bug a 500', async () => {
    const res = await t.call('tenant.info', { body: {} }, await t.signIn('admin'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: CODE.serverError, message: 'Server error' });
  });
});

describe.skipIf(!postgresUrl)('PostgreSQL restarts and drops connections', () => {
  const APPLICATION = 'vend-outage-test';
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let created = 0;

  const inject = (method: 'GET' | 'POST', url: string, body?: unknown, auth: string | null = `Bearer ${token}`) =>
    app.inject({
      method,
      url,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: clientBasic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'tenant1', password: DEMO_PASSWORD }).toString(),
    });
  /** A read, a write, an authenticated call's token lookup, sign-in and health: what a console does. */
  const traffic = () =>
    Promise.all([
      inject('GET', '/health', undefined, null),
      inject('POST', '/point/page?pageNum=1&pageSize=5', {}),
      inject('GET', '/user/info'),
      inject('POST', '/point', { name: `Point ${++created}`, areaCode: '310112', address: 'x' }),
      signIn(),
    ]);
  /** Polls until /health is ready again. */
  const recovered = async (withinMs: number) => {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if ((await inject('GET', '/health', undefined, null)).statusCode === 200) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  };

  beforeAll(async () => {
    await resetPostgres(postgresUrl!);
    const target = new URL(postgresUrl!);
    proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const through = new URL(postgresUrl!);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    through.searchParams.set('application_name', APPLICATION);
    database = await openDatabase(through.toString());
    await loadDemoData(database.db);
    app = await buildApp({ db: database });
    token = (await signIn()).json().access_token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
  });

  it('answers 503 with databaseUnavailable while the server is away, never 500, and 200 again once it is back', async () => {
    expect((await traffic()).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    await proxy.cut();
    for (let round = 0; round < 3; round++) {
      for (const res of await traffic()) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ code: CODE.databaseUnavailable, message: expect.any(String) });
      }
    }

    await proxy.restore();
    expect(await recovered(10_000)).toBe(true);
    // The token issued before the outage still works: nobody was signed out.
    const after = await traffic();
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(after[1]!.json().code).toBe(CODE.ok);
  });

  it('survives pg_terminate_backend of its connections, idle or busy, with 200 or 503 and never 500', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const terminate = () =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
          APPLICATION,
        ]);
      // Several idle pooled connections first.
      await Promise.all(Array.from({ length: 6 }, () => traffic()));
      const killed = await terminate();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Let the idle clients receive their FATAL while idle: the pool's 'error' event, fatal without a listener.
      await new Promise((r) => setTimeout(r, 200));
      // Then connections killed while requests run on them.
      const busy = Promise.all(Array.from({ length: 4 }, () => traffic()));
      await new Promise((r) => setTimeout(r, 5));
      await terminate();
      const answers = [...(await busy).flat(), ...(await traffic())];
      for (const res of answers) {
        expect([200, 503], res.body).toContain(res.statusCode);
        if (res.statusCode === 503) expect(res.json().code).toBe(CODE.databaseUnavailable);
      }
      expect(await recovered(5_000)).toBe(true);
      expect((await traffic()).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await admin.end();
    }
  });

  it('restarts under load with two instances: every answer meanwhile 503, never 500; both recover; nobody signed out', async () => {
    // A second instance on the same database through the same proxy: the restart takes both down at once.
    const through = new URL(postgresUrl!);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const second = await openDatabase(through.toString());
    const other = await buildApp({ db: second });
    try {
      const on = (target: FastifyInstance, url: string) =>
        target.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: '{}',
        });
      const load = () =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            on(
              i % 2 ? other : app,
              i % 4 < 2 ? '/point/page?pageNum=1&pageSize=5' : '/device/page?pageNum=1&pageSize=5',
            ),
          ),
        );
      expect((await load()).map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      // The load keeps coming while the server goes away and comes back.
      const during: Promise<Awaited<ReturnType<typeof load>>>[] = [];
      for (let round = 0; round < 5; round++) {
        during.push(load());
        if (round === 1) await proxy.cut();
        await new Promise((r) => setTimeout(r, 50));
      }
      const answers = (await Promise.all(during)).flat();
      // The rounds after the cut met it.
      expect(answers.filter((r) => r.statusCode === 503).length).toBeGreaterThanOrEqual(60);
      for (const res of answers) {
        expect([200, 503], res.body).toContain(res.statusCode);
        if (res.statusCode === 503)
          expect(res.json()).toEqual({ code: CODE.databaseUnavailable, message: expect.any(String) });
      }
      await proxy.restore();
      expect(await recovered(10_000)).toBe(true);
      // Both answer again, with the token from before: nobody was signed out, no instance restarted.
      await expect
        .poll(async () => (await load()).map((r) => r.statusCode).filter((c) => c !== 200), { timeout: 10_000 })
        .toEqual([]);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
