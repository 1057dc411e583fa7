/**
 * The access check of an endpoint (`access` in the API table), run as the
 * route's onRequest hook, before the body is even parsed:
 * - `none`: nothing;
 * - `client`: HTTP Basic credentials of a registered OAuth client, else 1506;
 * - `user`: a live bearer token (1501/1502/1503), then the role kinds the
 *   endpoint allows (403), then for members the power code it needs (403).
 *   System admin, tenants and enterprise customers pass on their role;
 * - `device`: a machine's HTTP Basic serial and secret within its rate limit
 *   (the device domain's check);
 * - `memberApp`: a live member session's bearer token (the member domain's check).
 */
import type { FastifyRequest } from 'fastify';
import { holdsPower, type Access } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import type { Db } from '../db/index.js';
import { BizError } from './errors.js';
import type { Authenticator, DeviceCaller, DeviceRateLimit, MemberCaller, Principal } from './principal.js';

const bearer = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

/** Resolves the caller of a request, or refuses it; undefined when the endpoint needs no caller. */
export async function checkAccess(
  db: Db,
  auth: Authenticator,
  access: Access,
  request: FastifyRequest,
  deviceLimit: DeviceRateLimit,
): Promise<Principal | DeviceCaller | MemberCaller | undefined> {
  if (access.auth === 'none') return undefined;
  if (access.auth === 'device') return auth.device(db, request.headers.authorization, deviceLimit);
  if (access.auth === 'memberApp') return auth.memberApp(db, bearer(request));
  if (access.auth === 'client') {
    if (!auth.isKnownClient(request.headers.authorization)) throw new BizError(CODE.badClient);
    return undefined;
  }
  const principal = await auth.principal(db, bearer(request));
  const { user } = principal;
  if (access.roles && !access.roles.includes(user.kind)) throw new BizError(CODE.forbidden);
  if (user.kind === 'member' && !holdsPower(user.powers, access.power)) throw new BizError(CODE.forbidden);
  return principal;
}
