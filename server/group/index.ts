/** Customer groups on the upstream (spec §3 Group): groups, their members and the claim flow a member's sign-in starts (server/member tells). */
import { defineServerDomain } from '../manifest.js';
import { COMPUTE_JOB, computeJob, sweepBehaviourGroups } from './behaviour.js';
import { groupDemo } from './demo.js';
import { sheetImports } from '../imports/index.js';
import { groupHandlers } from './handlers.js';
import { GROUP_IMPORT_JOB, groupImportJob } from './import.js';
import { claim, forget, type Identified } from './members.js';
import { groupMembers, groups } from './schema.js';
import { groupPorts } from './ports.js';
export { groupInUse } from './ports.js';

export { groups, groupMembers } from './schema.js';

export const groupServer = defineServerDomain({
  name: 'group',
  ports: groupPorts,
  handlers: groupHandlers,
  // The uploads and the reports are in the upstream's storage.
  routeConfig: (settings) => ({
    'group.import': { storage: settings.storage },
    'group.importReport': { storage: settings.storage },
  }),
  demo: groupDemo,
  // Imports and behaviour groups' computations are jobs of the one queue; a sweep asks for the stale ones.
  jobs: { [GROUP_IMPORT_JOB]: groupImportJob, [COMPUTE_JOB]: computeJob },
  recurring: { 'group.sweepBehaviour': { everyMs: 60_000, run: ({ db }) => sweepBehaviourGroups(db) } },
  // A member's sign-in or profile change says which identifiers it holds (a `tell`, never announced): its claims.
  // An erased member's claims go with it: their identifier is personal data.
  onEvent: async (db, topic, tenantId, data) => {
    if (topic !== 'member' || tenantId === null) return;
    const kind = (data as { kind?: string }).kind;
    if (kind === 'identified') await claim(db, tenantId, data as Identified);
    if (kind === 'erased') await forget(db, (data as { memberId: number }).memberId);
  },
  owns: {
    group: { id: groups.id, tenantId: groups.tenantId, labels: [groups.name] },
    groupMember: { id: groupMembers.id, tenantId: groupMembers.tenantId, labels: [groupMembers.identifier] },
    groupImport: { id: sheetImports.id, tenantId: sheetImports.tenantId, labels: [] },
  },
});
