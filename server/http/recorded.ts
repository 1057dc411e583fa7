/**
 * How the API's changing operations run with the operation log
 * (server/oplog): the mechanism (register.ts) knows which calls are
 * recorded; the oplog domain, handed in by the assembly, knows how.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiOp } from '../../shared/domains.js';
import type { EndpointDef } from '../../shared/api/define.js';
import type { Db } from '../db/index.js';
import type { AuthUser } from './principal.js';

export interface RecordedCall {
  op: ApiOp;
  def: EndpointDef;
  input: { params: unknown; query: unknown; body: unknown };
  user: AuthUser;
  tokenId: number;
  request: FastifyRequest;
  /**
   * The operation keeps files in the upstream's storage, which writes on its own connection: its
   * handler cannot run inside the record's transaction (it would wait for itself), so its record
   * follows it in one of its own.
   */
  stores: boolean;
  /** A call that only reads (`readsOnly`: a page of a list, or `reads` in the table): it runs as it is; a refusal is still recorded. */
  reads: boolean;
}

export interface OpRecorder {
  /**
   * Runs a console user's non-GET operation: its handler in a transaction
   * with the record of what it changed (none when it changed nothing), or a
   * record of its refusal. An export is recorded whether or not it wrote.
   */
  run<T>(call: RecordedCall, handler: (db: Db) => Promise<T>): Promise<T>;
}

/**
 * Which client a request came from, as a record says it: the console's own
 * `x-vend-client` (`VendConsole/<version> (<mode>)`, electron/core/client.ts),
 * else the user agent of whatever else called.
 */
export function clientOf(request: FastifyRequest): string {
  const named = request.headers['x-vend-client'] ?? request.headers['user-agent'];
  return (typeof named === 'string' ? named : '').slice(0, 200);
}

/**
 * A page of a list asked for by POST (its body the filter): the answer is
 * `page(item)` of shared/api/define.ts and the query its page number and size.
 * Such an operation reads and never writes — under test the recorder runs it
 * in a read-only transaction, so one that wrote fails its suites — and the
 * recorder runs it without a transaction.
 */
export function isPageRead(def: EndpointDef): boolean {
  const content = def.content as { shape?: Record<string, unknown> };
  const query = def.query as { shape?: Record<string, unknown> } | undefined;
  return (
    content.shape !== undefined &&
    'list' in content.shape &&
    'total' in content.shape &&
    query?.shape !== undefined &&
    'pageNum' in query.shape &&
    !def.exports
  );
}

/** A call that only reads: a page of a list, or an operation the table says only reads (`reads`). */
export const readsOnly = (def: EndpointDef): boolean => def.reads === true || isPageRead(def);

/**
 * Which calls are recorded: every operation of the table that may change
 * something, and every one that takes rows out (`exports`), made by a
 * console user.
 */
export const isRecorded = (def: EndpointDef): boolean =>
  (def.method !== 'GET' || def.exports === true) && def.access.auth === 'user' && !def.binary;
