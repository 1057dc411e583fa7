/**
 * Who is calling, as the mechanism and every handler see it. The account
 * domain fills it in (server/account: tokens, users, roles); the mechanism
 * only needs its shape.
 */
import type { RoleKind } from '../../shared/roles.js';
import type { Db } from '../db/index.js';
import type { Scope } from '../scope.js';

export interface AuthUser {
  id: number;
  username: string;
  name: string;
  kind: RoleKind;
  /** Null for the system admin; the owning tenant for an enterprise customer. */
  tenantId: number | null;
  parentTenantId: number | null;
  /**
   * A first-level tenant's second-level tenants, read with the user (one
   * statement per request instead of two); absent when not read, and for
   * every other kind of user.
   */
  childTenantIds?: readonly number[];
  /** A member's assigned devices (sorted), read with the user; absent: all its tenant's (server/scope.ts). */
  deviceIds?: readonly number[];
  roleId: number | null;
  roleName: string | null;
  /** Power codes of a member's custom role; empty for every other kind. */
  powers: string[];
  disabled: boolean;
}

/** The signed-in user of a request, its token and its tenant scope. */
export interface Principal {
  tokenId: number;
  user: AuthUser;
  scope: Scope;
}

/** The machine calling the device-facing API (`access: { auth: 'device' }`). */
export interface DeviceCaller {
  id: number;
  /** Null while the device is in the pool. */
  tenantId: number | null;
  serial: string;
}

/** The member of a mini-program's session (`access: { auth: 'memberApp' }`). */
export interface MemberCaller {
  id: number;
  tenantId: number;
  /** The session, so that signing out ends this one only. */
  sessionId: number;
}

/** Requests one device may make per window on the device-facing API. */
export interface DeviceRateLimit {
  requests: number;
  windowMs: number;
}

/** How the mechanism checks credentials: the account domain's for users and clients, the device domain's for machines, the member domain's for members (server/domains.ts). */
export interface Authenticator {
  /** Whether HTTP Basic credentials name a registered OAuth client (sign-in). */
  isKnownClient(authorization: string | undefined): boolean;
  /** The live session of a bearer token, or a refusal (1501–1503; 1504 for a disabled account). */
  principal(db: Db, token: string | undefined): Promise<Principal>;
  /** The machine whose serial and secret the HTTP Basic credentials carry, counted against its rate limit; a refusal otherwise. */
  device(db: Db, authorization: string | undefined, limit: DeviceRateLimit): Promise<DeviceCaller>;
  /** The member of a live member session's bearer token; a refusal otherwise (706, 704). */
  memberApp(db: Db, token: string | undefined): Promise<MemberCaller>;
}
