/**
 * What the upstream logs, and what it never does: tokens, passwords, cookies
 * and the parameters of a failed query (ARCHITECTURE §6). A log line is read
 * by more people, and kept longer, than the database it describes.
 *
 * - Headers are not logged by Fastify's request serializer; `authorization`
 *   and `cookie` are redacted anyway, should a line ever carry them.
 * - The request line is logged without the values of secret query
 *   parameters (`GET /user/exit?token=…` signs out by the token in its query).
 * - Any `password`-like field of a logged object is redacted.
 * - A failed query is logged as its SQL text (placeholders, no values), the
 *   driver's SQLSTATE and the names of the table, column and constraint
 *   involved. Not the driver's message or detail: PostgreSQL quotes the
 *   offending value there (`invalid input syntax for type integer: "…"`,
 *   `Key (username)=(…) already exists`).
 */
import type { FastifyRequest } from 'fastify';

/** Where log lines go: one JSON line per write (pino's destination shape). */
export interface LogStream {
  write(line: string): void;
}

export interface LogOptions {
  /** Default `LOG_LEVEL`, else `warn`. */
  level?: string;
  /** Where the lines go (default stdout); tests collect them. */
  stream?: LogStream;
}

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'password']);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* an undecodable name is logged as sent */
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

const PASSWORD_FIELDS = ['password', 'oldPassword', 'newPassword', 'passwordHash', 'secret'];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...PASSWORD_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

interface DriverError {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}
interface QueryError extends Error {
  query: string;
  params: unknown;
  cause?: unknown;
}

const isQueryError = (e: unknown): e is QueryError =>
  e instanceof Error && typeof (e as Partial<QueryError>).query === 'string' && 'params' in e;

/** The driver error's names and code: nothing of the values it quotes. */
function driverFacts(cause: unknown): Record<string, unknown> | undefined {
  if (!cause || typeof cause !== 'object') return undefined;
  const c = cause as DriverError;
  const facts: Record<string, unknown> = {};
  for (const key of ['code', 'severity', 'table', 'column', 'constraint', 'routine'] as const) {
    if (typeof c[key] === 'string' && c[key]) facts[key] = c[key];
  }
  return facts;
}

/** An error as logged (the shape Fastify's logger types ask of an `err` serializer). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Errors as logged: a failed query without its parameters or the driver's quoted values. */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    // The stack's head repeats the message, parameters and all.
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return { type: error.name, message, stack: [message, ...frames].join('\n'), cause: driverFacts(error.cause) };
  }
  const out: LoggedError = { type: error.name, message: error.message, stack: error.stack ?? '' };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.cause !== undefined)
    out.cause = error.cause instanceof Error ? serializeError(error.cause) : driverFacts(error.cause);
  return out;
}

/** Fastify's `logger` option. */
export function loggerOptions(opts: LogOptions = {}) {
  return {
    level: opts.level ?? process.env.LOG_LEVEL ?? 'warn',
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
}
