/**
 * Signing in and out (spec §7 POST /oauth/token, GET /user/exit, PUT
 * /user/password/{userId}): the password checked after the sign-in limits,
 * the token issued, an install's device token remembered.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiOp } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { signInRecord, type SignInEntry } from './ports.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { clientOf } from '../http/recorded.js';
import { roles, tenants } from '../identity/schema.js';
import { setPassword } from './credentials.js';
import { countFailedSignIn, knownDevice, rememberDevice, takeFailedSignIns } from './devices.js';
import {
  attemptKeys,
  DEFAULT_SIGN_IN_LIMIT,
  lockedUntil,
  recordFailure,
  recordSuccess,
  type SignInLimit,
} from './limits.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { tokens, users } from './schema.js';
import { hashToken, issueToken, tenantDisabled } from './tokens.js';

type SignInBody = { username: string; password: string; device_token?: string | undefined };

export async function signIn(db: Queryable, request: FastifyRequest, body: SignInBody) {
  const limit = (request.routeOptions.config as { signInLimit?: SignInLimit }).signInLimit ?? DEFAULT_SIGN_IN_LIMIT;
  // An install that signed in to this account before counts its failures on its own (devices.ts).
  const known = await knownDevice(db, body.username, body.device_token);
  const keys = attemptKeys(body.username, request.ip, known);
  // A locked account (or known install) or address is refused before any password work.
  const until = await lockedUntil(db, keys);
  // Every attempt goes to the operation log: who tried, from where, and how it ended.
  const told = (event: SignInEntry['event'], user: SignInEntry['user'] = null) =>
    tell(db, request, event, body.username, user);
  if (until) {
    // Refused unread, and told to the owner all the same.
    await countFailedSignIn(db, body.username);
    await told('lockedOut');
    throw tooManyAttempts(until);
  }
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      disabled: users.disabled,
      tenantDisabled: tenantDisabled(tenants),
      kind: users.kind,
      tenantId: users.tenantId,
      powers: roles.powers,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.username, body.username));
  // Unknown user and wrong password get the same answer after the same work.
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
  const who = user ? { id: user.id, kind: user.kind, tenantId: user.tenantId } : null;
  if (!user || !valid) {
    await recordFailure(db, keys, limit);
    if (user) await countFailedSignIn(db, body.username);
    await told('signInFailed', who);
    throw new BizError(CODE.badRequest, 'Wrong username or password');
  }
  await recordSuccess(db, keys);
  // A hash made at an older, lower cost is replaced now that the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(eq(users.id, user.id));
  }
  if (user.disabled) throw new BizError(CODE.accountDisabled);
  if (user.tenantDisabled) throw new BizError(CODE.tenantDisabled);
  // A member holding no power code has no screen: the upstream gives it no token (not only the console refusing it).
  if (user.kind === 'member' && !user.powers?.length) throw new BizError(CODE.noPermissions);
  const { token, expiresIn } = await issueToken(db, user.id);
  const deviceToken = await rememberDevice(db, user.id, known, body.device_token);
  const failed = await takeFailedSignIns(db, user.id);
  await told('signIn', who);
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: expiresIn,
    device_token: deviceToken,
    failed_attempts: failed.count,
    last_failed_at: failed.lastAt,
  };
}

/** A sign-in's or sign-out's record in the operation log (the `signInRecord` port). */
const tell = (
  db: Queryable,
  request: FastifyRequest,
  event: SignInEntry['event'],
  username: string,
  user: SignInEntry['user'],
) =>
  signInRecord.use()(db, {
    event,
    username,
    user,
    address: request.ip ?? '',
    install: clientOf(request),
  });

/** Sign-out: revokes the caller's own token (spec §7 GET /user/exit), and says so in the operation log. */
export async function revokeOwnToken(db: Queryable, request: FastifyRequest, user: AuthUser, token: string) {
  const [found] = await db
    .select({ id: tokens.id, userId: tokens.userId })
    .from(tokens)
    .where(eq(tokens.tokenHash, hashToken(token)));
  // Someone else's token and no token at all answer alike.
  if (!found || found.userId !== user.id) throw new BizError(CODE.forbidden, 'Only your own token can be revoked');
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.id, found.id), isNull(tokens.revokedAt)));
  await tell(db, request, 'signOut', user.username, { id: user.id, kind: user.kind, tenantId: user.tenantId });
}

/** The system admin's password call (spec §7 PUT /user/password/{userId}). */
export async function setUserPassword(
  db: Queryable,
  user: AuthUser,
  tokenId: number,
  userId: number,
  body: { userId: number; password: string },
) {
  if (body.userId !== userId) throw new BizError(CODE.badRequest, 'The userId of the path and of the body differ');
  const [target] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
  if (!target) throw new BizError(CODE.notFound, 'User not found');
  await setPassword(db, target, body.password, target.id === user.id ? tokenId : undefined);
}

/** 1505 with the wait in whole seconds, rounded up. */
const tooManyAttempts = (until: Date) =>
  new BizError(CODE.tooManyAttempts, undefined, undefined, {
    retryAfter: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  });

/**
 * The sign-in limits reach the handler through its route config, where the
 * app's settings put them (server/manifest.ts AppSettings).
 */
export function accountRouteConfig(limit: SignInLimit): Partial<Record<ApiOp, Record<string, unknown>>> {
  return { 'account.token': { signInLimit: limit } };
}
