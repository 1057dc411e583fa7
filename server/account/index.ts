/**
 * The account domain on the upstream (spec §7 authentication service): sign-in,
 * tokens, user info, passwords; and the credential check every request makes.
 */
import type { Authenticator } from '../http/principal.js';
import { defineServerDomain } from '../manifest.js';
import { scopeOf } from '../scope.js';
import { isKnownClient } from './clients.js';
import { accountDemo } from './demo.js';
import { accountHandlers } from './handlers.js';
import { accountRouteConfig } from './sign-in.js';
import { verifyToken } from './tokens.js';
import { users } from './schema.js';
import { accountPorts } from './ports.js';
export { type SignInEntry, signInRecord } from './ports.js';

export { CONSOLE_CLIENT } from './clients.js';
export { createAccount, setAccountsEnabled, type NewAccount } from './accounts.js';
export { checkOldPassword, newPasswordHash, endSessions, revokeTenantTokens, setPassword } from './credentials.js';
export { DEMO_PASSWORD, DEMO_USERS, hasAccounts } from './demo.js';
export { DEFAULT_SIGN_IN_LIMIT, type SignInLimit } from './limits.js';
export { findAuthUser } from './principal.js';
export { tokens, users } from './schema.js';

/** Bearer tokens of the token table, with the user's tenant scope (server/scope.ts); machines are the device domain's, members the member domain's. */
export const authenticator: Omit<Authenticator, 'device' | 'memberApp'> = {
  isKnownClient,
  async principal(db, token) {
    const session = await verifyToken(db, token);
    return { ...session, scope: scopeOf(session.user) };
  },
};

export const accountServer = defineServerDomain({
  name: 'account',
  ports: accountPorts,
  // Accounts of a tenant (its own, its enterprise customers', its members'); the system admin's belongs to none.
  owns: { user: { id: users.id, tenantId: users.tenantId, labels: [users.username, users.name] } },
  handlers: accountHandlers,
  demo: accountDemo,
  routeConfig: (settings) => accountRouteConfig(settings.signInLimit),
});
