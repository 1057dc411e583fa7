/**
 * Opaque bearer tokens (ARCHITECTURE §6): 32 random bytes, handed out once and
 * stored only as their sha256, with an expiry and a revocation time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { tokens, users } from './schema.js';
import { BizError } from '../http/errors.js';
import { authUserColumns, toAuthUser, type AuthUser } from './principal.js';
import { roles, tenants } from '../identity/schema.js';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The user's tenant, or its first-level tenant, is disabled (`t`: the tenants table joined on the user's tenant). */
export const tenantDisabled = (t: typeof tenants) =>
  sql<boolean>`(coalesce(${t.disabled}, false) or exists (select 1 from tenants p where p.id = ${t.parentId} and p.disabled))`;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Queryable, userId: number): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  // Sweep this user's dead tokens on the way, so the table stays small without a job.
  await db
    .delete(tokens)
    .where(
      and(eq(tokens.userId, userId), or(lt(tokens.expiresAt, new Date(now)), lt(tokens.revokedAt, new Date(now)))),
    );
  await db
    .insert(tokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now + TOKEN_TTL_SECONDS * 1000) });
  return { token, expiresIn: TOKEN_TTL_SECONDS };
}

export interface Session {
  tokenId: number;
  user: AuthUser;
}

/** The session lookup of every request, built once per database: drizzle's prepared query (a named statement on PostgreSQL, planned once per connection). */
const lookups = new WeakMap<object, ReturnType<typeof sessionLookup>>();
const sessionLookup = (db: Queryable) =>
  db
    .select({
      ...authUserColumns,
      tokenId: tokens.id,
      expiresAt: tokens.expiresAt,
      revokedAt: tokens.revokedAt,
      tenantDisabled: tenantDisabled(tenants),
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(tokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('session_of_token');

/** The session a bearer token stands for; refuses with 1501/1502/1503 (or 1504 for a disabled account). */
export async function verifyToken(db: Queryable, token: string | undefined): Promise<Session> {
  if (!token) throw new BizError(CODE.tokenMissing);
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ hash: hashToken(token) });
  if (!row || row.revokedAt) throw new BizError(CODE.tokenInvalid);
  if (row.expiresAt.getTime() <= Date.now()) throw new BizError(CODE.tokenExpired);
  if (row.disabled) throw new BizError(CODE.accountDisabled);
  // Disabling a distributor revokes its tokens; this catches a token issued while that was under way.
  if (row.tenantDisabled) throw new BizError(CODE.tenantDisabled);
  // Its role emptied (or unbound) since sign-in: the member's calls are refused, whatever each one's own rule.
  if (row.kind === 'member' && !row.rolePowers?.length) throw new BizError(CODE.noPermissions);
  const { tokenId, expiresAt: _e, revokedAt: _r, tenantDisabled: _t, ...user } = row;
  return { tokenId, user: toAuthUser(user) };
}

/** Revokes every live token of a user except `keepTokenId` (the caller's own, so it can still sign out). */
export async function revokeUserTokens(db: Queryable, userId: number, keepTokenId?: number): Promise<void> {
  const conditions = [eq(tokens.userId, userId), isNull(tokens.revokedAt)];
  if (keepTokenId !== undefined) conditions.push(ne(tokens.id, keepTokenId));
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
