/**
 * Registers every endpoint of the API table (shared/api) from its definition:
 * method, url, zod schemas for params/query/body, the body limit, the access check, the
 * envelope around the handler's content. A domain only writes handlers; an
 * operation without one stops the server at start-up.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, type ApiOp } from '../../shared/domains.js';
import { envelope, SUCCESS, type EndpointDef } from '../../shared/api/define.js';
import type { Db } from '../db/index.js';
import { checkAccess } from './access.js';
import { bodyLimitOf } from './limits.js';
import { isRecorded, readsOnly, type OpRecorder } from './recorded.js';
import { uploadBody } from './uploads.js';
import type { Authenticator, DeviceCaller, DeviceRateLimit, MemberCaller, Principal } from './principal.js';
import type { Handlers } from './handlers.js';

export interface RegisterOptions {
  db: Db;
  /** How credentials are checked (the account domain's). */
  auth: Authenticator;
  handlers: Partial<Handlers>;
  /** Extra route config per operation, read back by its handler (e.g. the sign-in limits). */
  routeConfig?: Partial<Record<ApiOp, Record<string, unknown>>>;
  /** Requests per device and window on the device-facing API. */
  deviceLimit: DeviceRateLimit;
  /** Runs the console's changing operations with their records (server/oplog). */
  recorder: OpRecorder;
}

type AnyHandler = (input: { params: unknown; query: unknown; body: unknown }, ctx: object) => Promise<unknown>;

export const apiOps = Object.keys(api) as ApiOp[];

/** The operations of the table that have no handler in `handlers`. */
export const missingHandlers = (handlers: Partial<Handlers>): ApiOp[] =>
  apiOps.filter((op) => typeof handlers[op] !== 'function');

export function registerApi(
  app: FastifyInstance,
  { db, auth, handlers, routeConfig = {}, deviceLimit, recorder }: RegisterOptions,
): void {
  const missing = missingHandlers(handlers);
  if (missing.length) throw new Error(`API operations without a handler: ${missing.join(', ')}`);
  for (const op of apiOps) {
    registerEndpoint(
      app,
      { db, auth, deviceLimit, recorder },
      op,
      api[op],
      handlers[op] as unknown as AnyHandler,
      routeConfig[op],
    );
  }
}

type Checks = Pick<RegisterOptions, 'db' | 'auth' | 'deviceLimit' | 'recorder'>;

function registerEndpoint(
  app: FastifyInstance,
  { db, auth, deviceLimit, recorder }: Checks,
  op: ApiOp,
  def: EndpointDef,
  handler: AnyHandler,
  config?: Record<string, unknown>,
) {
  const reads = readsOnly(def);
  // Callers live beside the request rather than on it: no global type augmentation of Fastify.
  const callers = new WeakMap<object, Principal | DeviceCaller | MemberCaller>();
  const security =
    def.access.auth === 'user'
      ? [{ bearer: [] }]
      : def.access.auth === 'client'
        ? [{ client: [] }]
        : def.access.auth === 'device'
          ? [{ device: [] }]
          : def.access.auth === 'memberApp'
            ? [{ member: [] }]
            : [];

  app.route({
    method: def.method,
    url: def.path,
    // Each route takes the body its schema needs, not the server-wide maximum.
    bodyLimit: bodyLimitOf(def),
    config: { op, ...config },
    schema: {
      operationId: op,
      summary: def.summary,
      tags: [op.slice(0, op.indexOf('.'))],
      security,
      ...(def.params && { params: def.params }),
      ...(def.query && { querystring: def.query }),
      ...(def.body && { body: def.body }),
      ...(def.form && { consumes: ['application/x-www-form-urlencoded'] }),
      ...(def.upload && { consumes: ['multipart/form-data'] }),
      // A binary answer is bytes, not JSON: no schema to encode it with.
      ...(!def.binary && { response: { 200: def.raw ? def.content : envelope(def.content) } }),
    },
    onRequest: async (request) => {
      const caller = await checkAccess(db, auth, def.access, request, deviceLimit);
      if (caller) callers.set(request, caller);
    },
    // A POST/PUT without a body validates as `{}`, so its refusal names the missing fields.
    // An upload's file part becomes the body its schema describes (server/http/uploads.ts).
    // An operation that takes no body never sees one sent anyway: nothing unvalidated reaches the handler or the
    // operation log (a body nested thousands deep once overflowed the log's walk of it: a 500 for a caller's mistake).
    preValidation: async (request) => {
      if (def.upload) request.body = await uploadBody(request, def.upload);
      else if (!def.body) request.body = undefined;
      else if (request.body === undefined || request.body === null) request.body = {};
    },
    handler: async (request, reply) => {
      const caller = callers.get(request);
      const ctx = !caller
        ? { db, request, reply }
        : 'user' in caller
          ? { db, request, reply, user: caller.user, scope: caller.scope, tokenId: caller.tokenId }
          : def.access.auth === 'memberApp'
            ? { db, request, reply, member: caller }
            : { db, request, reply, device: caller };
      const input = { params: request.params, query: request.query, body: request.body };
      const content =
        caller && 'user' in caller && isRecorded(def)
          ? await recorder.run(
              {
                op,
                def,
                input,
                user: caller.user,
                tokenId: caller.tokenId,
                request,
                stores: Boolean(config?.storage),
                reads,
              },
              (tx) => handler(input, { ...ctx, db: tx }),
            )
          : await handler(input, ctx);
      if (def.binary) {
        const { mime, bytes } = content as { mime: string; bytes: Uint8Array | AsyncIterable<Uint8Array> };
        void reply.type(mime).header('x-content-type-options', 'nosniff');
        // Streamed bytes go out as they are read, with the socket's back-pressure (shared/api/define.ts binaryBytes).
        return reply.send(
          bytes instanceof Uint8Array
            ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
            : Readable.from(bytes),
        );
      }
      return def.raw ? content : { code: SUCCESS, content };
    },
  });
}
