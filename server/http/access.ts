/**
 * The access check of an endpoint (`access` in the API table), run as the
 * route's onRequest hook, before the body is even parsed:
 * - `none`: nothing;
 * - `client`: HTTP Basic credentials of a registered OAuth client, else 1506;
 * - `user`: a live bearer token (1501/1502/1503), then the role kinds the
 *   endpoint allows (403), then for members the power code it needs (403).
 *   System admin, tenants and enterprise customers pass on their role.
 */
import type { FastifyRequest } from 'fastify';
import { holdsPower, type Access } from '../../shared/api/index.js';
import { CODE } from '../../shared/errors.js';
import type { Db } from '../db/index.js';
import { isKnownClient } from '../account/clients.js';
import { verifyToken, type Session } from '../account/tokens.js';
import { scopeOf, type Scope } from '../scope.js';
import { BizError } from './errors.js';

export interface Principal extends Session {
  scope: Scope;
}

const bearer = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

/** Resolves the caller of a request, or refuses it; undefined when the endpoint needs no user. */
export async function checkAccess(db: Db, access: Access, request: FastifyRequest): Promise<Principal | undefined> {
  if (access.auth === 'none') return undefined;
  if (access.auth === 'client') {
    if (!isKnownClient(request.headers.authorization)) throw new BizError(CODE.badClient);
    return undefined;
  }
  const session = await verifyToken(db, bearer(request));
  const { user } = session;
  if (access.roles && !access.roles.includes(user.kind)) throw new BizError(CODE.forbidden);
  if (user.kind === 'member' && !holdsPower(user.powers, access.power)) throw new BizError(CODE.forbidden);
  return { ...session, scope: await scopeOf(db, user) };
}
