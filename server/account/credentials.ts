/**
 * Password changes shared by the three calls of spec §6 (admin, tenant,
 * member): check an old password, set a new one, end the user's other sessions.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable } from '../db/index.js';
import { tokens, users } from './schema.js';
import { BizError } from '../http/errors.js';
import { checkNewPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserTokens } from './tokens.js';

/** Refuses with 1514 unless `password` is the user's current one. */
export async function checkOldPassword(db: Db, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(password, row.passwordHash))) throw new BizError(CODE.wrongOldPassword);
}

/**
 * Sets a new password — one the password rule allows for this account, else
 * a field error — and revokes the user's sessions, except `keepTokenId`: the
 * session that made the change signs itself out afterwards (spec §5, the
 * user is logged out after success), so its token must still work for /user/exit.
 */
export async function setPassword(
  db: Db,
  account: { id: number; username: string },
  password: string,
  keepTokenId?: number,
): Promise<void> {
  checkNewPassword(password, account.username);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id));
    await revokeUserTokens(tx, account.id, keepTokenId);
  });
}

/**
 * A new account's password (distributors, members, enterprise accounts are
 * created by their domains), checked by the password rule for its name and
 * hashed before the caller's transaction needs it.
 */
export function newPasswordHash(password: string, username: string): Promise<string> {
  checkNewPassword(password, username);
  return hashPassword(password);
}

/** Ends every session of these accounts (members disabled or deleted): the next request of each is refused, on every instance. */
export async function endSessions(db: Queryable, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(isNull(tokens.revokedAt), inArray(tokens.userId, [...userIds])));
}

/** Ends every session of the accounts of these tenants (a distributor disabled): the next request of each is refused, on every instance. */
export async function revokeTenantTokens(db: Queryable, tenantIds: readonly number[]): Promise<void> {
  if (!tenantIds.length) return;
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(tokens.revokedAt),
        inArray(
          tokens.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(inArray(users.tenantId, [...tenantIds])),
        ),
      ),
    );
}
