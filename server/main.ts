/**
 * `npm run server`: the reference upstream on its own.
 *   PORT          default 8090
 *   DATABASE_URL  default ./.data/upstream (PGlite on disk); memory:// or postgres://… also work
 *   DEMO_DATA     0 disables the demo accounts and data (loaded into an empty database only)
 *   LOG_LEVEL     Fastify log level (default warn)
 *   HOST          address to bind (default 127.0.0.1)
 *   CORS_ORIGINS  origins a browser page may call the API from, comma separated (default none: no CORS headers)
 *   REQUEST_TIMEOUT_MS  how long a client may take to send one request (default 30000)
 *   STORAGE_DIR   keep uploaded files' bytes in this directory (default: in the database)
 *   SIMULATE      0 stops the demo machines' simulator (on by default with the demo data; server/simulator.ts)
 *   DEVICE_OFFLINE_AFTER_MS  silence after which a machine is offline (default 90000)
 *   SIMULATE_SPEED  how much faster than real time the simulated machines sell (default 1)
 *   TRUST_PROXY   behind a reverse proxy: its addresses or CIDR ranges, comma separated, whose
 *                 X-Forwarded-For names the client (default none; `true` trusts any hop)
 */
import { startServer } from './start.js';
import { parseOrigins } from './http/security.js';
import { simulateFromEnv } from './simulator.js';
import { sandboxConflict, sandboxesFromEnv, setSandboxes } from './manifest.js';

const port = Number(process.env.PORT ?? 8090);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || './.data/upstream';
const sandbox = sandboxesFromEnv(process.env, databaseUrl);
const conflict = sandbox ? null : sandboxConflict(process.env);
if (conflict) {
  console.error(conflict);
  process.exit(1);
}
setSandboxes(sandbox);
let corsOrigins: string[];
try {
  corsOrigins = parseOrigins(process.env.CORS_ORIGINS);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const requestTimeoutMs = process.env.REQUEST_TIMEOUT_MS ? Number(process.env.REQUEST_TIMEOUT_MS) : undefined;
if (requestTimeoutMs !== undefined && !(Number.isInteger(requestTimeoutMs) && requestTimeoutMs > 0)) {
  console.error(`REQUEST_TIMEOUT_MS must be a positive number of milliseconds, got ${process.env.REQUEST_TIMEOUT_MS}`);
  process.exit(1);
}

// Without it every client behind a proxy shares the proxy's address, and so its sign-in limit.
const trustProxyEnv = process.env.TRUST_PROXY?.trim();
const trustProxy = !trustProxyEnv
  ? undefined
  : trustProxyEnv === 'true'
    ? true
    : trustProxyEnv
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

const server = await startServer({
  port,
  host: process.env.HOST || '127.0.0.1',
  databaseUrl,
  demoData: process.env.DEMO_DATA !== '0',
  // The simulator's machines sign members in with sandbox codes: a demo's, never production's.
  simulate: sandbox ? simulateFromEnv(process.env) : false,
  logger: true,
  corsOrigins,
  ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
  ...(trustProxy !== undefined ? { trustProxy } : {}),
  ...(process.env.STORAGE_DIR?.trim() ? { storageDir: process.env.STORAGE_DIR.trim() } : {}),
});
// Credentials in a postgres URL stay out of the terminal.
console.log(`Vend upstream listening on ${server.url} (database ${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`error while stopping on ${signal}:`, err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
