/** Authentication service (spec §7): sign-in, user info, sign-out, admin password. */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ApiOp } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import { tokens, users } from './schema.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { hashToken, issueToken } from './tokens.js';
import { setPassword } from './credentials.js';
import { userInfoOf } from './user-info.js';

export const accountHandlers = defineHandlers({
  'account.token': async ({ body }, { db }) => {
    const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash, disabled: users.disabled })
      .from(users).where(eq(users.username, body.username));
    // Unknown user and wrong password get the same answer after the same work.
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) throw new BizError(CODE.badRequest, 'Wrong username or password');
    if (user.disabled) throw new BizError(CODE.accountDisabled);
    const { token, expiresIn } = await issueToken(db, user.id);
    return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn };
  },

  'account.info': async (_input, { user }) => userInfoOf(user),

  'account.exit': async ({ query }, { db, user }) => {
    const [token] = await db.select({ id: tokens.id, userId: tokens.userId }).from(tokens)
      .where(eq(tokens.tokenHash, hashToken(query.token)));
    // Someone else's token and no token at all answer alike.
    if (!token || token.userId !== user.id) throw new BizError(CODE.forbidden, 'Only your own token can be revoked');
    await db.update(tokens).set({ revokedAt: new Date() }).where(and(eq(tokens.id, token.id), isNull(tokens.revokedAt)));
  },

  'account.adminPassword': async ({ params, body }, { db, user, tokenId }) => {
    if (body.userId !== params.userId) throw new BizError(CODE.badRequest, 'The userId of the path and of the body differ');
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.userId));
    if (!target) throw new BizError(CODE.notFound, 'User not found');
    await setPassword(db, target.id, body.password, target.id === user.id ? tokenId : undefined);
  },
});

export interface SignInLimit {
  max: number;
  timeWindowMs: number;
}

/** Generous enough for end-to-end suites that sign in some thirty times per account within minutes. */
export const DEFAULT_SIGN_IN_LIMIT: SignInLimit = { max: 60, timeWindowMs: 60_000 };

/**
 * Sign-in attempts are limited per account and address. The key needs the
 * username from the body, so the limiter runs as a preHandler (after parsing
 * and validation) rather than on request.
 */
export function accountRouteConfig(limit: SignInLimit): Partial<Record<ApiOp, Record<string, unknown>>> {
  return {
    'account.token': {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => {
          const username = (request.body as { username?: unknown } | undefined)?.username;
          return `${request.ip}|${typeof username === 'string' ? username.toLowerCase() : ''}`;
        },
        errorResponseBuilder: () => new BizError(CODE.tooManyAttempts),
      },
    },
  };
}
