/** Member operations: the member centre's (console) and the member-facing API's (the mini-program). */
import { defineHandlers } from '../http/handlers.js';
import {
  adjustPoints,
  externalMemberPage,
  memberLedger,
  memberOf,
  memberPage,
  myPoints,
  setMemberState,
} from './members.js';
import { eraseMember, exportMember } from './privacy.js';
import { deleteGrade, ladderOf, regradeNow, saveGrade, saveGradeWindow } from './grades.js';
import { owningTenant } from '../tenant/index.js';
import { sendPhoneCode, verifyPhone } from './phone.js';
import { profileOf, signIn, signOut, updateMe } from './sessions.js';

export const memberHandlers = defineHandlers({
  'member.page': ({ query, body }, { db, scope }) => memberPage(db, scope, query, body),
  'member.info': ({ params }, { db, scope }) => memberOf(db, scope, params.id),
  'member.ledger': ({ params, query }, { db, scope }) => memberLedger(db, scope, params.id, query),
  'member.adjustPoints': ({ params, body }, { db, user, scope }) => adjustPoints(db, user, scope, params.id, body),
  'member.externalPage': ({ query, body }, { db, scope }) => externalMemberPage(db, scope, query, body),
  'member.export': ({ params }, { db, scope }) => exportMember(db, scope, params.id),
  'member.erase': ({ params }, { db, user, scope }) => eraseMember(db, user, scope, params.id),
  'member.setState': ({ params, body }, { db, user, scope }) => setMemberState(db, user, scope, params.id, body.state),
  'member.grades': async ({ body }, { db, user, scope }) =>
    ladderOf(db, await owningTenant(db, user, scope, body.tenantId)),
  'member.saveGrade': async ({ body: { tenantId, id, ...input } }, { db, user, scope }) =>
    saveGrade(db, await owningTenant(db, user, scope, tenantId), id, input),
  'member.deleteGrade': ({ params }, { db, scope }) => deleteGrade(db, scope, params.id),
  'member.saveGradeWindow': async ({ body }, { db, user, scope }) =>
    saveGradeWindow(db, await owningTenant(db, user, scope, body.tenantId), body.windowDays),
  'member.regrade': async ({ body }, { db, user, scope }) =>
    regradeNow(db, await owningTenant(db, user, scope, body.tenantId)),
  'member.signIn': ({ body }, { db }) => signIn(db, body),
  'member.me': (_, { db, member }) => profileOf(db, member.id),
  'member.updateMe': ({ body }, { db, member }) => updateMe(db, member, body),
  'member.sendPhoneCode': ({ body }, { db, member }) => sendPhoneCode(db, member, body.phone),
  'member.verifyPhone': ({ body }, { db, member }) => verifyPhone(db, member, body),
  'member.myPoints': ({ query }, { db, member }) => myPoints(db, member.id, query),
  'member.signOut': (_, { db, member }) => signOut(db, member),
});
