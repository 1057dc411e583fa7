/**
 * How much a client may send and how long it may take: body limits per route
 * and the HTTP server's request and header time-outs.
 *
 * Why the time-outs are set this way. Node's HTTP server does not time a
 * request itself: every `connectionsCheckingInterval` (30 s by default) it
 * asks the parser list which requests are past `headersTimeout` (headers not
 * complete yet) or `requestTimeout` (whole request not received), and when
 * `headersTimeout > requestTimeout` it swaps the two. Fastify creates the
 * server with only its `http` options and sets `server.requestTimeout`
 * afterwards (0 by default, which also overrides an `http.requestTimeout`), so
 * `headersTimeout` keeps Node's constructor default of 60 s; with a
 * `requestTimeout` below that, the swap makes a client that sent its headers
 * and one body byte live for 60 s plus up to one checking interval. So all
 * three are given together here, headers never after the request.
 */
import type { EndpointDef } from '../../shared/api/define.js';

/** The body limit of a route whose endpoint names none, and of unknown routes: forms and filters are small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The body limit of an endpoint's route: its own `bodyLimit`, else the default. */
export const bodyLimitOf = (def: Pick<EndpointDef, 'bodyLimit'>): number => def.bodyLimit ?? DEFAULT_BODY_LIMIT;

/** The longest a client may take to send one whole request (headers and body). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** The longest it may take to send the headers alone, when the request time-out is longer. */
const HEADERS_TIMEOUT_MS = 10_000;

export interface ServerTimeouts {
  requestTimeout: number;
  http: { headersTimeout: number; connectionsCheckingInterval: number };
}

/**
 * The Fastify options that bound a request in time. The checking interval is
 * a tenth of the time-out (at most 1 s, at least 50 ms), so a request is cut
 * at most 10 % after its deadline.
 */
export function serverTimeouts(requestTimeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS): ServerTimeouts {
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs <= 0) {
    throw new Error(`the request time-out must be a positive number of milliseconds, got ${requestTimeoutMs}`);
  }
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestTimeoutMs / 10))),
    },
  };
}
