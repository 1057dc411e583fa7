/** What the account domain needs from the domains built on it (server/ports.ts). */
import type { Queryable } from '../db/index.js';
import { port } from '../../shared/ports.js';

/** A sign-in as the operation log records it. */
export interface SignInEntry {
  event: 'signIn' | 'signInFailed' | 'lockedOut' | 'signOut';
  username: string;
  /** Known when the username is someone's. */
  user: { id: number; kind: string; tenantId: number | null } | null;
  address: string;
  install: string;
}

/** Records a sign-in, a failed one, one refused while locked, or a sign-out (the operation log). */
export const signInRecord = port<(db: Queryable, entry: SignInEntry) => Promise<void>>('account.signInRecord');

export const accountPorts = [signInRecord] as const;
