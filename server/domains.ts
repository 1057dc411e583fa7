/**
 * THE list of the upstream (ARCHITECTURE §4): every domain's server manifest.
 * A new domain adds one line to SERVER_DOMAINS; its handlers, demo data and
 * route settings are picked up from there, its tables by drizzle-kit's glob.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from './db/index.js';
import { databaseStorage, type FileStorage } from './storage/index.js';
import { assembleHandlers, assembleOwners, envInteger, loadDemo, type AppSettings } from './manifest.js';
import type { ApiOp } from '../shared/domains.js';
import { accountServer, authenticator as userAuthenticator, hasAccounts } from './account/index.js';
import type { Authenticator } from './http/principal.js';
import { tenantServer } from './tenant/index.js';
import { staffServer } from './staff/index.js';
import { deviceServer, deviceCaller } from './device/index.js';
import { pointServer } from './point/index.js';
import { fileServer } from './file/index.js';
import { productServer } from './product/index.js';
import { orderServer } from './order/index.js';
import { sceneServer } from './scene/index.js';
import { refundServer } from './refund/index.js';
import { complaintServer } from './complaint/index.js';
import { customerServer } from './customer/index.js';
import { memberServer, memberCaller } from './member/index.js';
import { groupServer } from './group/index.js';
import { activityServer } from './activity/index.js';
import { firmwareServer } from './firmware/index.js';
import { priceServer } from './price/index.js';
import { shareServer } from './share/index.js';
import { dashboardServer } from './dashboard/index.js';
import { billingServer } from './billing/index.js';
import { deliveryServer } from './delivery/index.js';
import { paymentServer } from './payment/index.js';
import { callbackServer } from './callback/index.js';
import { booksServer } from './books/index.js';
import { reconciliationServer } from './reconciliation/index.js';
import { oplogRecorder, oplogServer } from './oplog/index.js';
import { walletServer } from './wallet/index.js';
import { freshServer } from './fresh/index.js';
import type { OpRecorder } from './http/recorded.js';
import { setEventSinks } from './http/events.js';
import {
  recurringJobKinds,
  scheduleRecurring,
  STALE_AFTER_MS,
  startJobs,
  type JobKinds,
  type Recurring,
  type RecurringKinds,
} from './jobs/index.js';
import { wirePorts, type Port, type Provision } from '../shared/ports.js';
import { setChecks } from './db/checks.js';

export const SERVER_DOMAINS = [
  accountServer,
  tenantServer,
  staffServer,
  customerServer,
  memberServer,
  deviceServer,
  pointServer,
  fileServer,
  productServer,
  orderServer,
  sceneServer,
  refundServer,
  complaintServer,
  dashboardServer,
  billingServer,
  deliveryServer,
  paymentServer,
  callbackServer,
  groupServer,
  activityServer,
  firmwareServer,
  priceServer,
  shareServer,
  booksServer,
  reconciliationServer,
  oplogServer,
  walletServer,
  freshServer,
] as const;

// Every publish is heard by the domains that act on others' news (callbacks), in its transaction.
setEventSinks(SERVER_DOMAINS.flatMap((d) => ('onEvent' in d && d.onEvent ? [d.onEvent] : [])));

// Every port met once, before any request: a port nothing provides stops the upstream here.
wirePorts(
  SERVER_DOMAINS.flatMap((d): readonly Port<unknown>[] => ('ports' in d ? d.ports : [])),
  SERVER_DOMAINS.flatMap((d): readonly Provision[] => ('provides' in d ? d.provides : [])),
);

// Every domain's book checks, run by the books (server/books), `npm run reconcile` and the nightly job.
setChecks(SERVER_DOMAINS.flatMap((d) => ('checks' in d && d.checks ? d.checks : [])));

/** Every domain's kinds of deferred work (server/jobs). */
export const jobKinds: JobKinds = Object.assign({}, ...SERVER_DOMAINS.map((d) => ('jobs' in d ? d.jobs : {})));

/** Every operation's handler. */
export const handlers = assembleHandlers(SERVER_DOMAINS);

/** The tenant-owned entities API ids name, with how to find their owner (the isolation suite's map). */
export const owners = assembleOwners(SERVER_DOMAINS);

/** How the console's changing operations run with their records (server/oplog). */
export const recorderFor = (db: Db): OpRecorder => oplogRecorder(db, owners);

/** The credential check of every request: users and clients the account domain's, machines the device domain's, members the member domain's. */
export const authenticator: Authenticator = { ...userAuthenticator, device: deviceCaller, memberApp: memberCaller };

/**
 * Every domain's routes outside the API table (server/manifest.ts `outsideRoutes`), in one scope whose bodies
 * arrive as raw text: a platform's signature covers the bytes it sent, which a parsed-and-printed body is not.
 */
export async function registerOutsideRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const d of SERVER_DOMAINS) if ('outsideRoutes' in d && d.outsideRoutes) d.outsideRoutes(scope, db);
  });
}

/** Per-operation route settings of every domain. */
export function routeConfig(settings: AppSettings): Partial<Record<ApiOp, Record<string, unknown>>> {
  return Object.assign({}, ...SERVER_DOMAINS.map((d) => ('routeConfig' in d ? d.routeConfig(settings) : {})));
}

/** Loads every domain's demo data into an empty database (no account yet); true when it loaded. */
export async function loadDemoData(db: Db, storage: FileStorage = databaseStorage(db)): Promise<boolean> {
  if (await hasAccounts(db)) return false;
  await loadDemo(db, SERVER_DOMAINS, storage);
  return true;
}

/** Every domain's recurring work (server/jobs/recurring.ts), by kind name; a name given twice stops the start. */
export const recurringKinds: RecurringKinds = (() => {
  const all: Record<string, Recurring> = {};
  for (const d of SERVER_DOMAINS) {
    for (const [name, r] of Object.entries('recurring' in d ? (d.recurring ?? {}) : {})) {
      if (Object.hasOwn(all, name) || Object.hasOwn(jobKinds, name))
        throw new Error(`recurring: ${name} is named twice`);
      all[name] = r;
    }
  }
  return all;
})();

/**
 * Starts the job runner on the domains' deferred work and their recurring work (each kind's row made or
 * brought nearer first); the answer stops it.
 */
export async function startBackground(database: Database, storage: FileStorage): Promise<() => Promise<void>> {
  const { db } = database;
  await scheduleRecurring(db, recurringKinds);
  const stops = [
    startJobs(
      db,
      storage,
      { ...jobKinds, ...recurringJobKinds(recurringKinds) },
      {
        concurrency: envInteger(process.env, 'JOBS_CONCURRENCY', 1, 8),
        pollMs: envInteger(process.env, 'JOBS_POLL_MS', 10, 5_000),
        staleMs: envInteger(process.env, 'JOBS_STALE_MS', 1000, STALE_AFTER_MS),
        listen: (channel, onPayload, onRelisten) => database.listen(channel, onPayload, onRelisten),
      },
    ),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
