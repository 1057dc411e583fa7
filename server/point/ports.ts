/** What the point domain needs from the domains built on it (server/ports.ts). */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { port } from '../../shared/ports.js';

/** A point's store staff: a JSON array of `{ id, name }`, by name then id (the staff domain). */
export const pointStaff = port<(pointId: PgColumn) => SQL<{ id: number; name: string }[]>>('point.pointStaff');

export const pointPorts = [pointStaff] as const;
