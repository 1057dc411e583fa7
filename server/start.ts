/** Opens the database, loads demo data if asked, and listens: the upstream as one call. */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database, type Db } from './db/index.js';
import { loadDemoData, startBackground } from './domains.js';
import { DEMO_DEVICES, ensureDemoSecrets } from './device/index.js';
import { startSimulator, type SimulatorOptions } from './simulator.js';
import { buildApp, type BuildAppOptions } from './app.js';
import { databaseStorage, diskStorage } from './storage/index.js';
import { configureSecrets, startupKeys } from './payment/index.js';

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** See openDatabase: memory://, a folder or file:// path, or postgres://. */
  databaseUrl: string;
  /** A database already open, used instead of opening `databaseUrl` (the test suites' copies of a demo template); closed with the server. */
  database?: Database;
  /** Load the demo accounts, points and devices into an empty database. */
  demoData: boolean;
  logger?: boolean;
  /** See BuildAppOptions: CORS origins (none by default) and the request time-out (30 s). */
  corsOrigins?: readonly string[];
  requestTimeoutMs?: number;
  /** See BuildAppOptions: the reverse proxies whose X-Forwarded-For is believed. */
  trustProxy?: boolean | string[];
  /** File bytes in this directory (STORAGE_DIR) instead of the database. */
  storageDir?: string;
  /** See BuildAppOptions: requests per device and window on the device-facing API (benchmarks lift it). */
  deviceLimit?: BuildAppOptions['deviceLimit'];
  /** Run the job runner: deferred work (refund settling, e-mail exports) and recurring work (the offline sweep); on by default. A benchmark that times that work itself turns it off. */
  background?: boolean;
  /** Drive the demo machines through the device-facing API once listening (server/simulator.ts); off by default. */
  simulate?: Omit<SimulatorOptions, 'url'> | boolean;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  /** Its database (benches load bulk data through it: in-memory PGlite lives inside this process only). */
  db: Db;
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const database = opts.database ?? (await openDatabase(opts.databaseUrl));
  try {
    // Payment secrets' key ring (server/payment/secrets.ts): said loudly when it is not configured.
    configureSecrets(await startupKeys(process.env, opts.databaseUrl, (line) => console.warn(`\n*** ${line}\n`)));
    const storage = opts.storageDir ? diskStorage(opts.storageDir) : databaseStorage(database.db);
    if (opts.demoData) await loadDemoData(database.db, storage);
    const app = await buildApp({
      storage,
      db: database,
      logger: opts.logger ?? false,
      ...(opts.corsOrigins ? { corsOrigins: opts.corsOrigins } : {}),
      ...(opts.requestTimeoutMs !== undefined ? { requestTimeoutMs: opts.requestTimeoutMs } : {}),
      ...(opts.trustProxy !== undefined ? { trustProxy: opts.trustProxy } : {}),
      ...(opts.deviceLimit ? { deviceLimit: opts.deviceLimit } : {}),
    });
    try {
      await app.listen({ port: opts.port, host });
    } catch (err) {
      await app.close();
      throw err;
    }
    const { port } = app.server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${urlHost}:${port}`;
    let stopBackground = async () => {};
    if (opts.background !== false) {
      try {
        stopBackground = await startBackground(database, storage);
      } catch (err) {
        await app.close();
        throw err;
      }
    }
    // The simulator plays the demo machines: a demo database older than their secrets gets them first.
    if (opts.simulate && opts.demoData)
      await ensureDemoSecrets(
        database.db,
        DEMO_DEVICES.map((d) => d.serial),
      );
    const simulator = opts.simulate
      ? startSimulator({ url, ...(opts.simulate === true ? {} : opts.simulate) })
      : undefined;
    let closing: Promise<void> | undefined;
    return {
      url,
      app,
      db: database.db,
      close: () =>
        (closing ??= (async () => {
          await simulator?.stop();
          await stopBackground();
          await app.close();
          await database.close();
        })()),
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
