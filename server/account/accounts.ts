/**
 * Making a sign-in, and turning one off and on: the one way the domains that
 * own people (a distributor's account, a staff member, an enterprise
 * customer's account) do it. The
 * name is refused when taken (1404), the password by the password rule for
 * that name (a field error), both before anything is written; the password
 * is hashed outside the transaction (the hash is the slow part); two
 * creations racing for one name are decided by the unique index, the loser
 * hearing 1404 too. The owning domain writes its own rows in the same
 * transaction (the tenant the account belongs to, the customer it speaks for).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { endSessions, newPasswordHash } from './credentials.js';
import { users } from './schema.js';

/** Who the new sign-in is: everything of its row but its name and password. */
export interface NewAccount {
  name: string;
  kind: 'tenant' | 'enterprise' | 'member';
  tenantId: number;
  contact?: string;
  roleId?: number | null;
}

/**
 * Creates the sign-in `sign` names inside one transaction with the owning
 * domain's `work`, which calls `open` with the account's row once it knows
 * it (a new distributor's account needs the tenant's id first) and answers
 * what the caller needs.
 */
export async function createAccount<T>(
  db: Db,
  sign: { username: string; password: string },
  work: (tx: Tx, open: (account: NewAccount) => Promise<number>) => Promise<T>,
): Promise<T> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, sign.username));
  if (taken) throw new BizError(CODE.usernameTaken);
  const passwordHash = await newPasswordHash(sign.password, sign.username);
  return uniqueAs(CODE.usernameTaken, () =>
    db.transaction((tx) =>
      work(tx, async (account) => {
        const [row] = await tx
          .insert(users)
          .values({ ...account, username: sign.username, passwordHash })
          .returning({ id: users.id });
        return row!.id;
      }),
    ),
  );
}

/**
 * Enables or disables sign-ins (a staff member, an enterprise customer's
 * account), inside the caller's transaction; a disabled one's sessions end
 * now, on every instance. Answers the ids whose state changed.
 */
export async function setAccountsEnabled(tx: Queryable, ids: readonly number[], enabled: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const changed = await tx
    .update(users)
    .set({ disabled: !enabled })
    .where(and(inArray(users.id, [...ids]), sql`${users.disabled} = ${enabled}`))
    .returning({ id: users.id });
  if (!enabled) await endSessions(tx, ids);
  return changed.map((r) => r.id);
}
