/** Authentication service (spec §7): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { profileOf, updateProfile } from './profile.js';
import { revokeOwnToken, setUserPassword, signIn } from './sign-in.js';
import { userInfoOf } from './user-info.js';

export const accountHandlers = defineHandlers({
  'account.token': ({ body }, { db, request }) => signIn(db, request, body),
  'account.info': async (_input, { user }) => userInfoOf(user),
  'account.profile': (_input, { db, user }) => profileOf(db, user),
  'account.updateProfile': ({ body }, { db, scope, user }) => updateProfile(db, scope, user, body),
  'account.exit': ({ query }, { db, request, user }) => revokeOwnToken(db, request, user, query.token),
  'account.adminPassword': ({ params, body }, { db, user, tokenId }) =>
    setUserPassword(db, user, tokenId, params.userId, body),
});
