/**
 * Every refusal leaves as an envelope (`{ code, message, content? }`), whatever
 * raised it: a handler's BizError, a schema refusal, Fastify itself (malformed
 * JSON, unknown media type, oversized body), Node's own HTTP parser
 * (`clientErrors`), an unknown route, or a bug. A user's mistake is never a
 * 500; a bug is always a 500 with body code 502, logged with its stack and answered without it (no answer carries a stack,
 * a query or a driver message). A database that cannot be reached is neither:
 * 503 with `databaseUnavailable`, until it is back.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE } from '../../shared/domains.js';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/outage.js';
import { BizError, RequestValidationError } from './errors.js';
import { BASELINE_HEADERS } from './security.js';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs
 * (a URL it cannot decode, `DELETE /point/%ff`) is a bad request in the
 * envelope too, not its own `{ code: 'FST_ERR_BAD_URL' }`.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  reply.status(400).headers(BASELINE_HEADERS).send({ code: CODE.badRequest, message: error.message });

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before
 * Fastify sees a request (headers too large, a malformed request line, a
 * request past its time-out) is answered in the envelope too — body code
 * 400, the HTTP status Node would give — where the connection still allows
 * an answer, and the connection is then closed, as Node does.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has gone; nothing can be said to it.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request time-out']
        : [400, 'Malformed request'];
  if (socket.writable) {
    const body = JSON.stringify({ code: CODE.badRequest, message });
    const headers = Object.entries({
      ...BASELINE_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
}

export function installReplies(
  app: FastifyInstance,
  { saturated = () => false }: { saturated?: () => boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply
        .status(400)
        .send({ code: CODE.badRequest, message: error.message, content: { fields: error.fields } });
    }
    // Busy is a refusal like any other, with its wait: the same reply as every BizError's.
    const refused = isDatabaseBusy(error, saturated)
      ? new BizError(CODE.databaseBusy, undefined, undefined, { retryAfter: 1 })
      : error;
    if (refused instanceof BizError) {
      if (refused.retryAfter === undefined)
        return reply.status(refused.statusCode).send({ code: refused.code, message: refused.message });
      // The header for HTTP clients, the content for the console, which shows the wait.
      return reply
        .status(refused.statusCode)
        .header('retry-after', String(refused.retryAfter))
        .send({ code: refused.code, message: refused.message, content: { retryAfter: refused.retryAfter } });
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts: one line, no stack.
      request.log.warn({ code: databaseErrorCode(error) }, 'database unavailable');
      const refusal = new BizError(CODE.databaseUnavailable);
      return reply.status(refusal.statusCode).send({ code: refusal.code, message: refusal.message });
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: status === 404 ? CODE.notFound : CODE.badRequest, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: CODE.serverError, message: 'Server error' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: CODE.notFound, message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/** The driver's code or message of the innermost error, for the log line. */
function databaseErrorCode(error: unknown): string {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object' && 'cause' in e && e.cause; i++) e = e.cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return String(code ?? message ?? 'unknown');
}
