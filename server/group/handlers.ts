/** Customer group operations (shared/group/api.ts). */
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { owningTenant } from '../tenant/index.js';
import { behaviourChoices, previewSize } from './behaviour.js';
import { createGroup, deleteGroup, groupOf, groupPage, recomputeGroup, setGroupState, updateGroup } from './groups.js';
import { groupImportOf, groupImportReport, groupTemplate, queueGroupImport } from './import.js';
import { addGroupMembers, decideGroupMembers, groupMemberPage } from './members.js';

export const groupHandlers = defineHandlers({
  'group.page': ({ query, body }, { db, scope }) => groupPage(db, scope, query, body),
  'group.info': ({ params }, { db, scope }) => groupOf(db, scope, params.id),
  'group.create': ({ body }, { db, user, scope }) => createGroup(db, user, scope, body),
  'group.update': ({ params, body }, { db, scope }) => updateGroup(db, scope, params.id, body),
  'group.delete': ({ params }, { db, scope }) => deleteGroup(db, scope, params.id),
  'group.setState': ({ params, body }, { db, scope }) => setGroupState(db, scope, params.id, body.state),
  'group.members': ({ params, query, body }, { db, scope }) => groupMemberPage(db, scope, params.id, query, body),
  'group.addMembers': ({ params, body }, { db, scope }) => addGroupMembers(db, scope, params.id, body.identifiers),
  'group.decide': ({ params, body }, { db, user, scope }) =>
    decideGroupMembers(db, user, scope, params.id, body.ids, body.action),
  'group.import': ({ params, query, body }, { db, user, scope, request }) =>
    queueGroupImport(db, storageIn(request.routeOptions.config), user, scope, params.id, { ...query, ...body }),
  'group.importStatus': ({ params }, { db, user }) => groupImportOf(db, user, params.id),
  'group.importReport': ({ params }, { db, user, request }) =>
    groupImportReport(db, storageIn(request.routeOptions.config), user, params.id),
  'group.importTemplate': ({ query }) => groupTemplate(query.lang),
  'group.preview': ({ body }, { db, user, scope }) => previewSize(db, user, scope, body),
  'group.recompute': ({ params }, { db, scope }) => recomputeGroup(db, scope, params.id),
  'group.behaviourChoices': async ({ body }, { db, user, scope }) =>
    behaviourChoices(db, await owningTenant(db, user, scope, body.tenantId)),
});
