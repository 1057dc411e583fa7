/**
 * Test harness for server suites: a fresh upstream on a real database, driven
 * through `app.inject` by operation name, exactly as the API table describes it.
 *
 * Database: in-memory PGlite by default. When DATABASE_URL is a postgres URL
 * each Vitest worker has a database of its own on that server, made afresh by
 * every createTestApp(); within a file, build one app per describe block and
 * do not run two at once.
 *
 * A fresh database with the demo data is a copy of a template each worker
 * builds (migrated, demo loaded) and copies for twenty seconds: PGlite's
 * clone() or PostgreSQL's CREATE DATABASE … TEMPLATE take a tenth of the time
 * that starting, migrating and loading take, and the server suites build well
 * over a hundred apps. The templates themselves, and every database without
 * the demo, start as a copy of the worker's migrated empty database, made
 * once: the schema does not age, and starting and migrating were half of a
 * template's making.
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { api, type ApiContent, type ApiInput, type ApiOp } from '../../shared/domains.js';
import { fillPath, type EndpointDef } from '../../shared/api/define.js';
import { openDatabase, pgliteDatabase, type Database, type Db } from '../../server/db/index.js';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { jobKinds, loadDemoData } from '../../server/domains.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { databaseStorage } from '../../server/storage/index.js';
import { CONSOLE_CLIENT, DEMO_PASSWORD, users } from '../../server/account/index.js';
import { DEMO_TENANTS, type TenantKey } from '../../server/tenant/index.js';
import { DEMO_POINTS, points, type PointKey } from '../../server/point/index.js';
import { demoSecret, devices } from '../../server/device/index.js';
import { tenants } from '../../server/identity/schema.js';

export { DEMO_PASSWORD };

export interface DemoIds {
  tenant(key: TenantKey): number;
  point(key: PointKey): number;
  device(serial: string): number;
  user(username: string): number;
}

/** Ids of the demo rows as this database numbered them (looked up by name, serial and username). */
export async function demoIds(db: Db): Promise<DemoIds> {
  const [t, p, d, u] = await Promise.all([
    db.select({ id: tenants.id, name: tenants.name }).from(tenants),
    db.select({ id: points.id, name: points.name }).from(points),
    db.select({ id: devices.id, serial: devices.serial }).from(devices),
    db.select({ id: users.id, username: users.username }).from(users),
  ]);
  const find = <R extends { id: number }>(rows: R[], match: (r: R) => boolean, what: string) => {
    const row = rows.find(match);
    if (!row) throw new Error(`demo row not found: ${what}`);
    return row.id;
  };
  const nameOf = <K extends string>(list: readonly { key: K; name: string }[], key: K) =>
    list.find((x) => x.key === key)!.name;
  return {
    tenant: (key) => find(t, (r) => r.name === nameOf(DEMO_TENANTS, key), `tenant ${key}`),
    point: (key) => find(p, (r) => r.name === nameOf(DEMO_POINTS, key), `point ${key}`),
    device: (serial) => find(d, (r) => r.serial === serial, `device ${serial}`),
    user: (username) => find(u, (r) => r.username === username, `user ${username}`),
  };
}

const envUrl = process.env.DATABASE_URL ?? '';
/** The PostgreSQL server the suites run against (a database there to connect to), or undefined for in-memory PGlite. */
const serverUrl = /^postgres(ql)?:\/\//i.test(envUrl) ? envUrl : undefined;
/** This worker's databases on that server: Vitest numbers its workers from 1. */
const workerDatabase = `vend_test_${Number(process.env.VITEST_POOL_ID ?? 1)}`;
const templateDatabase = `${workerDatabase}_template`;
const emptyDatabase = `${workerDatabase}_empty`;
const databaseUrl = (server: string, name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};
/** The PostgreSQL database this worker's apps use, or undefined for in-memory PGlite. */
export const postgresUrl = serverUrl && databaseUrl(serverUrl, workerDatabase);

/**
 * The demo data is laid out around the moment it is loaded (ninety days of
 * orders up to now, machines seen just now). A worker copies its template for
 * up to half an hour, as long as the day in China is the same: the end-to-end
 * suite works half an hour in one world loaded once, and rebuilding the
 * template every twenty seconds was half the PGlite server suite's time. The
 * machines' presence is the one thing that ages within minutes (a machine
 * falls offline after ninety seconds of silence): a file that reads it from
 * the demo as loaded asks for `freshDemo`, a template at most twenty seconds old.
 */
const TEMPLATE_KEPT_MS = 30 * 60_000;
const TEMPLATE_FRESH_MS = 20_000;
const chinaDay = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
interface Template<T> {
  builtAt: number;
  day: string;
  ready: Promise<T>;
}
const fresh = (t: Template<unknown> | undefined, freshDemo: boolean): boolean =>
  !!t && Date.now() - t.builtAt < (freshDemo ? TEMPLATE_FRESH_MS : TEMPLATE_KEPT_MS) && t.day === chinaDay();
const template = <T>(ready: Promise<T>): Template<T> => ({ builtAt: Date.now(), day: chinaDay(), ready });

/**
 * A PGlite database's files, checkpointed first (a copy then starts without
 * replaying the write-ahead log): a new in-memory database starts from them
 * in a fraction of the time starting, migrating and loading take. Kept once,
 * where PGlite's own clone() would write them out again for every copy.
 */
async function filesOf(client: PGlite): Promise<File | Blob> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('none');
}
const startFrom = (files: File | Blob): Promise<PGlite> => PGlite.create({ loadDataDir: files });

let pgliteEmpty: Promise<File | Blob> | undefined;
/** A new in-memory database, migrated and empty: a copy of this worker's first one. */
async function emptyPglite(): Promise<PGlite> {
  pgliteEmpty ??= (async () => {
    const client = await PGlite.create();
    try {
      await pgliteDatabase(client);
      return await filesOf(client);
    } finally {
      await client.close();
    }
  })().catch((err: unknown) => {
    pgliteEmpty = undefined;
    throw err;
  });
  return startFrom(await pgliteEmpty);
}

let pgliteTemplate: Template<File | Blob> | undefined;
/** A new in-memory database with the demo data: a copy of this worker's template (also for tests/core's upstreams). */
export async function demoPglite(freshDemo = false): Promise<Database> {
  if (!fresh(pgliteTemplate, freshDemo)) {
    pgliteTemplate = template(
      (async () => {
        const client = await emptyPglite();
        try {
          await loadDemoData((await pgliteDatabase(client)).db);
          return await filesOf(client);
        } finally {
          await client.close();
        }
      })(),
    );
  }
  try {
    return await pgliteDatabase(await startFrom(await pgliteTemplate!.ready));
  } catch (err) {
    // A template that failed to build, or whose copy failed to start, is dropped: the next app builds it anew.
    pgliteTemplate = undefined;
    throw err;
  }
}

let postgresEmpty: Promise<void> | undefined;
/** Makes this worker's migrated empty database on the server, once per run (an older run's may hold an older schema). */
function emptyPostgres(admin: pg.Client, server: string): Promise<void> {
  postgresEmpty ??= (async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${emptyDatabase} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${emptyDatabase}`);
    await (await openDatabase(databaseUrl(server, emptyDatabase))).close();
  })().catch((err: unknown) => {
    postgresEmpty = undefined;
    throw err;
  });
  return postgresEmpty;
}

let postgresTemplate: Template<void> | undefined;
/** Makes this worker's PostgreSQL database anew: a copy of its demo template, or of its migrated empty database. */
async function freshPostgres(server: string, demo: boolean, freshDemo: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await emptyPostgres(admin, server);
    if (demo && !fresh(postgresTemplate, freshDemo)) {
      postgresTemplate = template(
        (async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${templateDatabase} TEMPLATE ${emptyDatabase}`);
          const database = await openDatabase(databaseUrl(server, templateDatabase));
          try {
            await loadDemoData(database.db);
          } finally {
            await database.close();
          }
        })(),
      );
    }
    if (demo) await postgresTemplate!.ready;
    await admin.query(`DROP DATABASE IF EXISTS ${workerDatabase} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${workerDatabase} TEMPLATE ${demo ? templateDatabase : emptyDatabase}`);
  } catch (err) {
    if (demo) postgresTemplate = undefined;
    throw err;
  } finally {
    await admin.end();
  }
}

/** Whatever an answer was: HTTP status, parsed JSON body, headers. */
export interface Answer {
  status: number;
  // Tests read arbitrary fields of answers, successful or not.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  /** Replaces the Authorization header the call would send. Pass null to send none. */
  authorization?: string | null;
  /** More headers to send (the console's `x-vend-client`). */
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  /** Ids of the demo rows (empty lookups throw when demo data was not loaded). */
  ids: DemoIds;
  close(): Promise<void>;
  /** Signs in with the console's client credentials; returns the access token. */
  signIn(username: string, password?: string): Promise<string>;
  /** Calls an operation: bearer token for user endpoints, client Basic for sign-in. */
  call<K extends ApiOp>(op: K, input: ApiInput<K>, token?: string, options?: CallOptions): Promise<Answer>;
  /** Calls and expects success (body code 200); returns the content. */
  ok<K extends ApiOp>(op: K, input: ApiInput<K>, token?: string, options?: CallOptions): Promise<ApiContent<K>>;
  /** Calls and returns the answer's code (200, or the refusal's spec code), for a test about that code. */
  code<K extends ApiOp>(op: K, input: ApiInput<K>, token?: string, options?: CallOptions): Promise<number>;
  /** Runs every domain's due jobs until none is left, as an instance's runner would, `concurrency` at a time; answers how many. */
  runJobs(concurrency?: number): Promise<number>;
}

export const clientBasic = (id: string = CONSOLE_CLIENT.id, secret: string = CONSOLE_CLIENT.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A machine's HTTP Basic credentials on the device-facing API: a demo device's derived secret unless another is given. */
export const deviceBasic = (serial: string, secret: string = demoSecret(serial)) =>
  `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}`;

/** Drops and recreates everything this app owns in a PostgreSQL database. */
export async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
    );
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  options: Omit<BuildAppOptions, 'db'> & {
    demoData?: boolean;
    /** The demo as loaded at most twenty seconds ago, for a file that reads the machines' presence from it. */
    freshDemo?: boolean;
  } = {},
): Promise<TestApp> {
  const { demoData = true, freshDemo = false, ...appOptions } = options;
  // Demo files go to the database's own storage in the templates: an app with another storage loads its own.
  const copy = demoData && !appOptions.storage;
  if (serverUrl) await freshPostgres(serverUrl, copy, freshDemo);
  const database = serverUrl
    ? await openDatabase(postgresUrl!)
    : copy
      ? await demoPglite(freshDemo)
      : await pgliteDatabase(await emptyPglite());
  let app: FastifyInstance;
  try {
    if (demoData && !copy) await loadDemoData(database.db, appOptions.storage);
    app = await buildApp({ db: database, ...appOptions });
  } catch (err) {
    await database.close();
    throw err;
  }
  const ids = await demoIds(database.db);

  async function call<K extends ApiOp>(
    op: K,
    input: ApiInput<K>,
    token?: string,
    opts: CallOptions = {},
  ): Promise<Answer> {
    const def: EndpointDef = api[op];
    const { params, query, body } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const headers: Record<string, string> = { ...opts.headers };
    const auth =
      opts.authorization !== undefined
        ? opts.authorization
        : def.access.auth === 'client'
          ? clientBasic()
          : token !== undefined
            ? `Bearer ${token}`
            : null;
    if (auth !== null) headers.authorization = auth;
    let payload: string | undefined;
    if (body !== undefined) {
      if (def.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(
          Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    const res = await app.inject({
      method: def.method,
      url: fillPath(def.path, params),
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      payload,
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
  }

  return {
    app,
    database,
    db: database.db,
    ids,
    close: async () => {
      await app.close();
      await database.close();
    },
    call,
    async ok(op, input, token, options) {
      const res = await call(op, input, token, options);
      const raw = (api[op] as EndpointDef).raw === true;
      const success = res.status === 200 && (raw || res.body?.code === 200);
      if (!success) throw new Error(`${op} failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      return (raw ? res.body : res.body.content) as never;
    },
    async code(op, input, token, options) {
      return (await call(op, input, token, options)).body?.code as number;
    },
    // The app's own storage where it was given one, as the instance's runner would use.
    runJobs: (concurrency = 1) =>
      runDueJobs(database.db, appOptions.storage ?? databaseStorage(database.db), jobKinds, { concurrency }),
    async signIn(username, password = DEMO_PASSWORD) {
      const res = await call('account.token', { body: { grant_type: 'password', username, password } });
      if (res.status !== 200)
        throw new Error(`sign-in of ${username} failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
  };
}

/**
 * What the jobs due at `at` do: `state()` after the due jobs ran just before
 * `at`, and again after they ran once `at` had passed.
 */
export async function runJobsAround<T>(t: TestApp, at: Date, state: () => Promise<T>): Promise<[T, T]> {
  await t.runJobs();
  const before = await state();
  await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() - Date.now() + 50)));
  await t.runJobs();
  return [before, await state()];
}

/** The app of a test file: a `TestApp` once the file's tests run, with a token for each user signed in. */
export type SuiteApp<U extends string> = TestApp & { token: Readonly<Record<U, string>> };

/**
 * One app for a test file (or a describe block), signed in as `users`: built
 * before its tests, closed after them. Its methods reach the app when they are
 * called, so the file writes `const t = suiteApp(['tenant1'])` at its top and
 * `t.ok(op, input, t.token.tenant1)` in its tests.
 */
export function suiteApp<const U extends string>(
  users: readonly U[],
  options: Parameters<typeof createTestApp>[0] = {},
): SuiteApp<U> {
  let built: TestApp | undefined;
  const token = {} as Record<U, string>;
  beforeAll(async () => {
    built = await createTestApp(options);
    const signed = await Promise.all(users.map((user) => built!.signIn(user)));
    users.forEach((user, i) => {
      token[user] = signed[i]!;
    });
  });
  afterAll(() => built?.close());
  const app = (): TestApp => {
    if (!built) throw new Error('suiteApp: the app is built before the tests, not while the file is read');
    return built;
  };
  return {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get db() {
      return app().db;
    },
    get ids() {
      return app().ids;
    },
    close: () => app().close(),
    signIn: (username, password) => app().signIn(username, password),
    runJobs: (concurrency) => app().runJobs(concurrency),
    // Forwarded as they come: spelling out the generic parameters over the whole API table is beyond the compiler's patience.
    call: ((op: ApiOp, input: never, tok?: string, options?: CallOptions) =>
      app().call(op, input, tok, options)) as unknown as TestApp['call'],
    ok: ((op: ApiOp, input: never, tok?: string, options?: CallOptions) =>
      app().ok(op, input, tok, options)) as unknown as TestApp['ok'],
    code: ((op: ApiOp, input: never, tok?: string, options?: CallOptions) =>
      app().code(op, input, tok, options)) as unknown as TestApp['code'],
    token,
  };
}
