/**
 * What a domain contributes to the upstream (ARCHITECTURE §4): one manifest,
 * `server/<domain>/index.ts`, exporting `defineServerDomain({...})` — its
 * handlers, its demo data with the domains that data builds on, and any
 * per-route settings. Its tables sit in `server/<domain>/schema.ts`, which
 * drizzle-kit finds by glob. server/domains.ts lists the manifests.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ApiOp } from '../shared/domains.js';
import type { Db, Tx } from './db/index.js';
import { databaseStorage, type FileStorage } from './storage/index.js';
import type { Handlers } from './http/handlers.js';
import type { EventSink } from './http/events.js';
import type { JobKinds, RecurringKinds } from './jobs/index.js';
import type { Port, Provision } from '../shared/ports.js';
import type { BookCheck } from './db/checks.js';

/** Ids the demo loader hands from one domain's rows to the next: (domain, key) → id. */
export interface DemoIds {
  set(domain: string, key: string, id: number): void;
  /** The id of a row an earlier domain loaded; throws when there is none (a missing `after`). */
  get(domain: string, key: string): number;
}

export interface DemoContext {
  tx: Tx;
  /** One instant for the whole load: relative dates ("30 days ago") are computed from it. */
  now: number;
  ids: DemoIds;
  /** Where demo files go (product images): the app's storage, or the load's transaction when that is the database. */
  storage: FileStorage;
}

export interface DemoData {
  /** Domains whose demo rows this one refers to: they are loaded first. */
  after: readonly string[];
  load(ctx: DemoContext): Promise<void>;
}

/** Sign-in limits (server/account/limits.ts applies them). */
export interface SignInLimit {
  /** Failures one account may have, from any address, within the window before it is locked. */
  accountFailures: number;
  /** Failures one address may have, across all accounts, within the window before it is locked. */
  addressFailures: number;
  /** Failures an install that signed in to the account before may have (its own count, instead of the account's). */
  deviceFailures: number;
  windowMs: number;
  /** The first lock; each further lock in a row lasts twice as long, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
}

/** Settings of the whole upstream that a domain's route config may read. */
export interface AppSettings {
  /** Failed sign-ins allowed per account and per address, and the lock-outs past them. */
  signInLimit: SignInLimit;
  /** Where file bytes live (server/storage). */
  storage: FileStorage;
}

/**
 * How to find who owns a row of an entity that API ids name (`ref('point')`,
 * shared/api/define.ts): its id and tenant columns, and the columns whose
 * values would betray the row if another tenant saw them. The isolation suite
 * reads this to pick foreign rows and to look for them in answers.
 */
export interface Owner {
  id: PgColumn;
  /** The owning tenant; for the tenant entity, its own id. Null: owned by no tenant (the system admin). */
  tenantId: PgColumn;
  labels: readonly PgColumn[];
  /** The device a row is of (a device's own id, an order's device): a member with assigned devices sees only theirs. */
  deviceId?: PgColumn | SQL;
}

export interface ServerManifest {
  name: string;
  handlers: Partial<Handlers>;
  demo?: DemoData;
  /** The tenant-owned entities of this domain, by the name `ref()` gives them. */
  owns?: Readonly<Record<string, Owner>>;
  /** Extra Fastify route config per operation, read by its handler from `request.routeOptions.config`. */
  routeConfig?: (settings: AppSettings) => Partial<Record<ApiOp, Record<string, unknown>>>;
  /**
   * Recurring work (server/jobs/recurring.ts): each a job of the one runner, run by one instance at a time every
   * `everyMs`, named `<domain>.<work>`. Only a running upstream does it (startServer; test apps built with buildApp
   * do not): tests run a step themselves.
   */
  recurring?: RecurringKinds;
  /** Kinds of deferred work this domain queues (server/jobs): every running upstream takes them. */
  jobs?: JobKinds;
  /**
   * Hears every live event inside the transaction that publishes it
   * (server/http/events.ts): a domain that must act on another's news (the
   * callbacks) does so without that domain knowing of it.
   */
  onEvent?: EventSink;
  /** What this domain needs from the domains built on it, declared in its `ports.ts` (server/ports.ts). */
  ports?: readonly Port<unknown>[];
  /** The lower domains' ports this one meets (server/ports.ts): a point's store staff, a tenant's devices. */
  provides?: readonly Provision[];
  /** The invariants of its money, as read-only checks the books run (server/db/checks.ts, docs/domains/books.md). */
  checks?: readonly BookCheck[];
  /**
   * Routes outside the API table: what another party posts in its own format and is answered in it (a payment
   * platform's notifications), registered in a scope of their own that hands each body over as its raw text.
   */
  outsideRoutes?: (app: FastifyInstance, db: Db) => void;
}

export const defineServerDomain = <const M extends ServerManifest>(manifest: M): M => manifest;

/** A whole number from the environment (a duration a test shortens), at least `min`; otherwise `fallback`. */
export function envInteger(env: NodeJS.ProcessEnv, name: string, min: number, fallback: number): number {
  const given = Number(env[name]);
  return Number.isInteger(given) && given >= min ? given : fallback;
}

/** Every handler of every domain; an operation handled twice stops the start. */
export function assembleHandlers(domains: readonly ServerManifest[]): Partial<Handlers> {
  const all: Record<string, unknown> = {};
  for (const d of domains) {
    for (const [op, handler] of Object.entries(d.handlers)) {
      if (Object.hasOwn(all, op)) throw new Error(`handlers: ${op} is handled twice (${d.name})`);
      all[op] = handler;
    }
  }
  return all as Partial<Handlers>;
}

/** Every domain's owned entities; an entity owned twice stops the start. */
export function assembleOwners(domains: readonly ServerManifest[]): Readonly<Record<string, Owner>> {
  const all: Record<string, Owner> = {};
  for (const d of domains) {
    for (const [entity, owner] of Object.entries(d.owns ?? {})) {
      if (Object.hasOwn(all, entity)) throw new Error(`owners: ${entity} is owned twice (${d.name})`);
      all[entity] = owner;
    }
  }
  return all;
}

/** The demo loads in an order where each domain comes after those it names; unknown names and cycles stop the load. */
export function demoOrder(domains: readonly ServerManifest[]): ServerManifest[] {
  const byName = new Map(domains.filter((d) => d.demo).map((d) => [d.name, d]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const order: ServerManifest[] = [];
  const visit = (d: ServerManifest, path: string[]) => {
    if (done.has(d.name)) return;
    if (visiting.has(d.name)) throw new Error(`demo data: a cycle through ${[...path, d.name].join(' → ')}`);
    visiting.add(d.name);
    for (const dep of d.demo!.after) {
      const next = byName.get(dep);
      if (!next) throw new Error(`demo data: ${d.name} is loaded after ${dep}, which has no demo data`);
      visit(next, [...path, d.name]);
    }
    visiting.delete(d.name);
    done.add(d.name);
    order.push(d);
  };
  for (const d of byName.values()) visit(d, []);
  return order;
}

/** Loads every domain's demo data in one transaction, in dependency order. */
export async function loadDemo(
  db: { transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> },
  domains: readonly ServerManifest[],
  storage: FileStorage,
): Promise<void> {
  const order = demoOrder(domains);
  const now = Date.now();
  const map = new Map<string, number>();
  const ids: DemoIds = {
    set: (domain, key, id) => void map.set(`${domain}:${key}`, id),
    get: (domain, key) => {
      const id = map.get(`${domain}:${key}`);
      if (id === undefined) throw new Error(`demo data: no ${domain} row "${key}" was loaded before it was needed`);
      return id;
    },
  };
  await db.transaction(async (tx) => {
    // The database as storage writes inside the load's transaction: the embedded database has one connection,
    // and a write beside an open transaction would wait for it forever.
    const files = storage.kind === 'database' ? databaseStorage(tx) : storage;
    for (const d of order) await d.demo!.load({ tx, now, ids, storage: files });
  });
}

/**
 * The sandboxes — WeChat sign-in codes signed with a key written in the
 * code (server/member/wechat.ts), the payment provider that answers
 * "refunded" and "paid" by itself (server/refund/settle.ts,
 * server/billing/settle.ts) and the demo machines' simulator — stand in for
 * real platforms in a demo or a test, never in production: anyone who knows
 * an openid could mint a sign-in code for that member. `SANDBOX=1` turns
 * them on and `SANDBOX=0` off; unset, they are on for an embedded database
 * (`npm start`, the demo, the tests) and off for PostgreSQL (`npm run
 * server` in production). A process-wide setting of the process's own
 * configuration, as the port is: not state two instances must agree on.
 */
let sandboxes = true;

export const sandboxesOn = (): boolean => sandboxes;

export function setSandboxes(on: boolean): void {
  sandboxes = on;
}

export function sandboxesFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string): boolean {
  if (env.SANDBOX === '1') return true;
  if (env.SANDBOX === '0') return false;
  return !/^postgres(ql)?:\/\//i.test(databaseUrl);
}

/** What only a sandbox can do, asked of an upstream whose sandboxes are off: the one line it refuses to start with. */
export function sandboxConflict(env: NodeJS.ProcessEnv): string | null {
  const asked = ['SIMULATE', 'REFUND_SANDBOX', 'BILLING_SANDBOX'].filter((name) => env[name] && env[name] !== '0');
  return asked.length
    ? `${asked.join(', ')} asks for a sandbox, and SANDBOX is off (production, PostgreSQL): set SANDBOX=1 for a demo or test upstream, or unset ${asked.join(', ')}`
    : null;
}
