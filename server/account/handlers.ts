/** Authentication service (spec §7): sign-in, user info, sign-out, admin password. */
import { profileOf, updateProfile } from './profile.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiOp } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import { tokens, users } from './schema.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { hashToken, issueToken, tenantDisabled } from './tokens.js';
import { setPassword } from './credentials.js';
import { userInfoOf } from './user-info.js';
import {
  attemptKeys,
  DEFAULT_SIGN_IN_LIMIT,
  lockedUntil,
  recordFailure,
  recordSuccess,
  type SignInLimit,
} from './limits.js';
import { countFailedSignIn, knownDevice, rememberDevice, takeFailedSignIns } from './devices.js';
import { roles, tenants } from '../identity/schema.js';

export const accountHandlers = defineHandlers({
  'account.token': async ({ body }, { db, request }) => {
    const limit = (request.routeOptions.config as { signInLimit?: SignInLimit }).signInLimit ?? DEFAULT_SIGN_IN_LIMIT;
    // An install that signed in to this account before counts its failures on its own (devices.ts).
    const known = await knownDevice(db, body.username, body.device_token);
    const keys = attemptKeys(body.username, request.ip, known);
    // A locked account (or known install) or address is refused before any password work.
    const until = await lockedUntil(db, keys);
    if (until) {
      // Refused unread, and told to the owner all the same.
      await countFailedSignIn(db, body.username);
      throw tooManyAttempts(until);
    }
    const [user] = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        disabled: users.disabled,
        tenantDisabled: tenantDisabled(tenants),
        kind: users.kind,
        powers: roles.powers,
      })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.username, body.username));
    // Unknown user and wrong password get the same answer after the same work.
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) {
      await recordFailure(db, keys, limit);
      if (user) await countFailedSignIn(db, body.username);
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
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: expiresIn,
      device_token: deviceToken,
      failed_attempts: failed.count,
      last_failed_at: failed.lastAt,
    };
  },

  'account.info': async (_input, { user }) => userInfoOf(user),
  'account.profile': (_input, { db, user }) => profileOf(db, user),
  'account.updateProfile': ({ body }, { db, scope, user }) => updateProfile(db, scope, user, body),

  'account.exit': async ({ query }, { db, user }) => {
    const [token] = await db
      .select({ id: tokens.id, userId: tokens.userId })
      .from(tokens)
      .where(eq(tokens.tokenHash, hashToken(query.token)));
    // Someone else's token and no token at all answer alike.
    if (!token || token.userId !== user.id) throw new BizError(CODE.forbidden, 'Only your own token can be revoked');
    await db
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(tokens.id, token.id), isNull(tokens.revokedAt)));
  },

  'account.adminPassword': async ({ params, body }, { db, user, tokenId }) => {
    if (body.userId !== params.userId)
      throw new BizError(CODE.badRequest, 'The userId of the path and of the body differ');
    const [target] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, params.userId));
    if (!target) throw new BizError(CODE.notFound, 'User not found');
    await setPassword(db, target, body.password, target.id === user.id ? tokenId : undefined);
  },
});

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
