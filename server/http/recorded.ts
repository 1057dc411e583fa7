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
 * Which calls are recorded: every operation of the table that may change
 * something, and every one that takes rows out (`exports`), made by a
 * console user.
 */
export const isRecorded = (def: EndpointDef): boolean =>
  (def.method !== 'GET' || def.exports === true) && def.access.auth === 'user' && !def.binary;
