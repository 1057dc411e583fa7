/** Revenue-share operations (shared/share/api.ts), each handed to the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { closeList, requestClose } from './closes.js';
import { exportStatements } from './export.js';
import { assignPoints, createHost, deleteHost, hostPage, hostPoints, shareSubjects, updateHost } from './hosts.js';
import { deleteRule, rulePage, setRule } from './rules.js';
import { adjust, statementDays, statementInfo, statementPage, stepStatement } from './statements.js';

export const shareHandlers = defineHandlers({
  'share.hostPage': ({ query, body }, { db, scope }) => hostPage(db, scope, query, body),
  'share.hostCreate': ({ body }, { db, user, scope }) => createHost(db, user, scope, body),
  'share.hostUpdate': ({ params, body }, { db, scope }) => updateHost(db, scope, params.id, body),
  'share.hostDelete': ({ params }, { db, scope }) => deleteHost(db, scope, params.id),
  'share.hostPoints': ({ params }, { db, scope }) => hostPoints(db, scope, params.id),
  'share.assign': ({ body }, { db, scope }) => assignPoints(db, scope, body),
  'share.subjects': ({ body }, { db, user, scope }) => shareSubjects(db, user, scope, body),
  'share.rulePage': ({ query, body }, { db, scope }) => rulePage(db, scope, query, body),
  'share.ruleSet': ({ body }, { db, user, scope }) => setRule(db, user, scope, body),
  'share.ruleDelete': ({ params }, { db, scope }) => deleteRule(db, scope, params.id),
  'share.close': ({ body }, { db, user, scope }) => requestClose(db, user, scope, body),
  'share.closes': ({ body }, { db, user, scope }) => closeList(db, user, scope, body),
  'share.statementPage': ({ query, body }, { db, user, scope }) => statementPage(db, user, scope, query, body),
  'share.export': ({ query, body }, { db, scope }) => exportStatements(db, scope, body, query.lang),
  'share.statementInfo': ({ params }, { db, user, scope }) => statementInfo(db, user, scope, params.id),
  'share.statementDays': ({ params, query, body }, { db, user, scope }) =>
    statementDays(db, user, scope, params.id, query, body),
  'share.issue': ({ params }, { db, user, scope }) => stepStatement(db, user, scope, params.id, 'issue'),
  'share.confirm': ({ params, body }, { db, user, scope }) =>
    stepStatement(db, user, scope, params.id, 'confirm', body),
  'share.pay': ({ params, body }, { db, user, scope }) => stepStatement(db, user, scope, params.id, 'pay', body),
  'share.adjust': ({ body }, { db, user, scope }) => adjust(db, user, scope, body),
});
