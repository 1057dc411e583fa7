/**
 * Whether a failed query failed because the database cannot be reached (it is
 * restarting, was stopped, dropped our connections or refuses new ones), as
 * opposed to a bug in the query. The first is a 503 "try again later" that
 * heals by itself, since the pg pool opens new connections once the server
 * is back; the second stays a 500.
 */

/** Socket errors on the way to the server (node:net, DNS). */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not taking connections:
 * 57P01 admin_shutdown (also pg_terminate_backend), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections; the whole class 08 (connection exception) is added
 * by its prefix below.
 */
const SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and its pool say when a connection is lost or cannot be made (they carry no code). */
const MESSAGES = [
  /^Connection terminated/i, // "…", "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/i,
  /^timeout expired$/i,
  /is not queryable$/i, // "Client has encountered a connection error and is not queryable", "Client was closed and …"
  /^Cannot use a pool after calling end on the pool$/i, // a request still running while the upstream stops
];

const isConnectionError = (e: object): boolean => {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((re) => re.test(message));
};

/**
 * True when `error`, or an error it wraps (drizzle wraps the driver's in
 * `cause`; a connect to several addresses fails with an AggregateError),
 * says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  if (isConnectionError(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/**
 * Busy is not down: the database answered, but this request could not get its turn in time —
 * it waited for a lock past `lock_timeout` (55P03), lost a deadlock (40P01), or waited for a
 * connection while every one of the pool's was at work (`saturated`). It answers "busy, try
 * again" (1303, HTTP 409), never the outage's 503.
 */
export function isDatabaseBusy(error: unknown, saturated: () => boolean, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '55P03' || code === '40P01') return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && /^timeout exceeded when trying to connect$/i.test(message) && saturated())
    return true;
  return isDatabaseBusy((error as { cause?: unknown }).cause, saturated, depth + 1);
}
