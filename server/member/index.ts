/** Members on the upstream (spec §3 Member): the mini-program's sign-in and the member centre, with the points ledger a sale and a refund move (server/order, server/refund). */
import { memberChecks } from './checks.js';
import { defineServerDomain } from '../manifest.js';
import { memberDemo } from './demo.js';
import { memberHandlers } from './handlers.js';
import { externalMembers, memberGrades, members } from './schema.js';
import { regradeAll } from './grades.js';
export { regrade } from './grades.js';
import { sweepSessions } from './sessions.js';
import { sweepPhoneCodes } from './phone.js';
import { expireDue } from './ledger.js';
import { memberPorts } from './ports.js';
export { memberOrderList, memberOrders, memberSpends } from './ports.js';

export { memberGrades, members, pointEntries } from './schema.js';
export { memberCaller } from './sessions.js';
export { sandboxCode, sandboxPhoneGrant } from './wechat.js';
export { sandboxSms } from './sms.js';
export {
  addPoints,
  earnForOrder,
  expireDue,
  pointsForAmount,
  returnSpent,
  reverseEarned,
  spendPoints,
  balanceOf,
} from './ledger.js';
export { memberForSale, recordExternalSale } from './sale.js';

export const memberServer = defineServerDomain({
  name: 'member',
  ports: memberPorts,
  checks: memberChecks,
  handlers: memberHandlers,
  demo: memberDemo,
  // Hourly: ended sessions and spent codes go, and lots past their expiry are written off; every instance may
  // sweep, each delete and each member's write-off (under its lock) is safe to race.
  recurring: {
    'member.sweep': {
      everyMs: 3_600_000,
      run: async ({ db }) => {
        await sweepSessions(db);
        await sweepPhoneCodes(db);
        await expireDue(db, new Date());
      },
    },
    // Nightly: every tenant's members regraded by their spend over its window (grades.ts); a run repeated
    // in the same night moves nobody.
    'member.regrade': { everyMs: 24 * 3_600_000, run: ({ db }) => regradeAll(db) },
  },
  // Another tenant never sees a member's nickname, phone or card.
  owns: {
    member: { id: members.id, tenantId: members.tenantId, labels: [members.nickname, members.phone] },
    grade: { id: memberGrades.id, tenantId: memberGrades.tenantId, labels: [memberGrades.name] },
    externalMember: {
      id: externalMembers.id,
      tenantId: externalMembers.tenantId,
      labels: [externalMembers.externalId],
    },
  },
});
