/** The signed-in user as the renderer knows it: one query of `session.current`. */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { ROLE_NAME } from '../../shared/roles.js';
import type { SessionUser } from '../../shared/ipc.js';
import { callOp, opKey, useOp } from '../bridge.js';

export const SESSION_KEY = opKey('session.current', undefined);

export const useSession = () => useOp('session.current', undefined, { staleTime: Infinity, gcTime: Infinity });

/**
 * The user under the session guard, handed down by context rather than read
 * from the query: when the session ends, the guard unmounts the screens
 * before any of them could render without a user.
 */
export const UserContext = createContext<SessionUser | null>(null);

export function useUser(): SessionUser {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser outside the session guard');
  return user;
}

/** Spec §2 permission check: admin and tenants hold everything, members their codes. */
export function can(user: SessionUser, code: string): boolean {
  return user.roleKind === 'admin' || user.roleKind === 'tenant' || user.allValue.includes(code);
}

/** Whether a screen of this permission code opens (the enterprise set has none of the main screens). */
export const mayOpen = (user: SessionUser, code: string) => user.roleKind !== 'enterprise' && can(user, code);

/** A first-level (primary) tenant has no parent. */
export const isPrimaryTenant = (user: SessionUser) => user.roleKind === 'tenant' && user.parentTenantId === null;

/** Catalogue key of a backend role name, when it is one of the fixed ones. */
export function roleNameKey(name: string) {
  const entry = Object.entries(ROLE_NAME).find(([, v]) => v === name);
  return entry ? (`role.${entry[0] as keyof typeof ROLE_NAME}` as const) : undefined;
}

/** After sign-in: the new user, and nothing cached from the previous one. */
export function startSession(client: QueryClient, user: SessionUser) {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  client.setQueryData(SESSION_KEY, user);
}

/** Signs out (errors ignored: the local session goes either way); the guard then shows /login. */
export function useSignOut() {
  const client = useQueryClient();
  return useCallback(async () => {
    await callOp('session.signOut', undefined).catch(() => null);
    await client.cancelQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    client.setQueryData(SESSION_KEY, null);
  }, [client]);
}
