/** Sign-ins, failed ones and ones refused while locked, in the operation log (the account domain tells them: `signInRecord`). */
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import type { SignInEntry } from '../account/index.js';
import { append } from './chain.js';
import { clean } from './targets.js';

export async function recordSignIn(db: Queryable, entry: SignInEntry): Promise<void> {
  await db.transaction((tx) =>
    append(tx, {
      kind: entry.event,
      op: entry.event === 'signOut' ? 'account.exit' : 'account.token',
      chain: entry.user?.tenantId ?? 0,
      userId: entry.user?.id ?? null,
      username: clean(entry.username).slice(0, 100),
      role: entry.user?.kind ?? '',
      tenantId: entry.user?.tenantId ?? null,
      tokenId: null,
      install: entry.install,
      address: entry.address,
      targets: [],
      input: {},
      reason: '',
      result:
        entry.event === 'signIn' || entry.event === 'signOut'
          ? 0
          : entry.event === 'lockedOut'
            ? CODE.tooManyAttempts
            : CODE.badRequest,
    }),
  );
}
