/** What the group domain needs from the domains built on it (server/ports.ts). */
import type { SQL } from 'drizzle-orm';
import { port } from '../../shared/ports.js';

/** Whether an activity names a customer group (the activity domain): such a group is not deleted (3436). */
export const groupInUse = port<(groupId: number) => SQL<boolean>>('group.groupInUse');

export const groupPorts = [groupInUse] as const;
