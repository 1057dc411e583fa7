/**
 * The version of each module a device last reported in its heartbeat
 * (shared/device/modules.ts), and a device's modules as the console reads
 * them.
 */
import { and, eq, sql } from 'drizzle-orm';
import semver from 'semver';
import { CODE } from '../../shared/domains.js';
import { MODULE_KINDS, type ModuleKind, type ModuleVersion } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { devices, moduleVersions } from './schema.js';

/** A device's modules with what it last reported (1201: not a device the caller sees). */
export async function deviceModules(db: Queryable, scope: Scope, deviceId: number): Promise<ModuleVersion[]> {
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), scope.whereDevice(devices.tenantId, devices.id)));
  if (!device) throw new BizError(CODE.deviceNotFound);
  const rows = await db
    .select({ module: moduleVersions.module, version: moduleVersions.version, reportedAt: moduleVersions.reportedAt })
    .from(moduleVersions)
    .where(eq(moduleVersions.deviceId, deviceId));
  // In the catalogue's order, whatever order they were reported in.
  return MODULE_KINDS.flatMap((k) => rows.filter((r) => r.module === k)).map((r) => ({
    ...r,
    reportedAt: r.reportedAt.toISOString(),
  }));
}

const isModule = (m: string): m is ModuleKind => (MODULE_KINDS as readonly string[]).includes(m);

/**
 * What a heartbeat said of the device's modules: each known module with a
 * semantic version is kept (a machine's other modules, or a version no
 * package could be compared with, are not the console's to show).
 */
export async function recordModules(
  db: Queryable,
  deviceId: number,
  modules: readonly { module: string; version: string }[],
): Promise<void> {
  // One row per module (the last said wins): one insert may not touch a row twice.
  const latest = new Map<ModuleKind, string>();
  for (const m of modules)
    if (isModule(m.module) && semver.valid(m.version) === m.version) latest.set(m.module, m.version);
  const rows = [...latest].map(([module, version]) => ({ deviceId, module, version }));
  if (!rows.length) return;
  await db
    .insert(moduleVersions)
    .values(rows)
    .onConflictDoUpdate({
      target: [moduleVersions.deviceId, moduleVersions.module],
      set: { version: sql`excluded.version`, reportedAt: sql`now()` },
    });
}
