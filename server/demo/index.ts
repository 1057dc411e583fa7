/** Loads the demo data (./data.ts) into an empty database, and finds demo rows' ids again. */
import { count } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { devices, points, roles, tenants, users } from '../db/schema.js';
import { hashPassword } from '../account/passwords.js';
import { DEMO_DEVICES, DEMO_PASSWORD, DEMO_POINTS, DEMO_ROLES, DEMO_TENANTS, DEMO_USERS, type PointKey, type TenantKey } from './data.js';

export * from './data.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Loads the demo data unless the database already has accounts; true when it loaded. */
export async function loadDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing && existing.n > 0) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const now = Date.now();

  await db.transaction(async (tx) => {
    const tenantIds = new Map<TenantKey, number>();
    for (const t of DEMO_TENANTS) {
      const [row] = await tx.insert(tenants).values({
        name: t.name, contact: t.contact, parentId: t.parent ? tenantIds.get(t.parent)! : null,
      }).returning({ id: tenants.id });
      tenantIds.set(t.key, row!.id);
    }
    const roleIds = new Map<string, number>();
    for (const r of DEMO_ROLES) {
      const [row] = await tx.insert(roles).values({
        tenantId: tenantIds.get(r.tenant)!, name: r.name, description: r.description, powers: [...r.powers],
      }).returning({ id: roles.id });
      roleIds.set(r.key, row!.id);
    }
    await tx.insert(users).values(DEMO_USERS.map((u, i) => ({
      username: u.username,
      passwordHash: hashes[i]!,
      name: u.name,
      kind: u.kind,
      tenantId: u.tenant ? tenantIds.get(u.tenant)! : null,
      roleId: u.role ? roleIds.get(u.role)! : null,
    })));
    const pointIds = new Map<PointKey, number>();
    for (const p of DEMO_POINTS) {
      const at = new Date(now - p.daysAgo * DAY_MS);
      const [row] = await tx.insert(points).values({
        tenantId: tenantIds.get(p.tenant)!, name: p.name, area: p.area, address: p.address, createdAt: at, updatedAt: at,
      }).returning({ id: points.id });
      pointIds.set(p.key, row!.id);
    }
    await tx.insert(devices).values(DEMO_DEVICES.map((d) => ({
      tenantId: tenantIds.get(d.tenant)!,
      pointId: d.point ? pointIds.get(d.point)! : null,
      name: d.name,
      serial: d.serial,
      type: d.type,
      model: d.model,
      allocation: d.allocation ?? 'normal',
      online: d.online,
      activated: d.activated,
      serviceExpiry: d.expiresInDays === null ? null : new Date(now + d.expiresInDays * DAY_MS),
      channelCount: d.channelCount,
    })));
  });
  return true;
}

export interface DemoIds {
  tenant(key: TenantKey): number;
  point(key: PointKey): number;
  device(serial: string): number;
  user(username: string): number;
}

/** Ids of the demo rows as this database numbered them (looked up by name, serial and username). */
export async function demoIds(db: Db): Promise<DemoIds> {
  const [t, p, d, u] = await Promise.all([
    db.select({ id: tenants.id, name: tenants.name }).from(tenants),
    db.select({ id: points.id, name: points.name }).from(points),
    db.select({ id: devices.id, serial: devices.serial }).from(devices),
    db.select({ id: users.id, username: users.username }).from(users),
  ]);
  const find = <R extends { id: number }>(rows: R[], match: (r: R) => boolean, what: string) => {
    const row = rows.find(match);
    if (!row) throw new Error(`demo row not found: ${what}`);
    return row.id;
  };
  const nameOf = <K extends string>(list: readonly { key: K; name: string }[], key: K) => list.find((x) => x.key === key)!.name;
  return {
    tenant: (key) => find(t, (r) => r.name === nameOf(DEMO_TENANTS, key), `tenant ${key}`),
    point: (key) => find(p, (r) => r.name === nameOf(DEMO_POINTS, key), `point ${key}`),
    device: (serial) => find(d, (r) => r.serial === serial, `device ${serial}`),
    user: (username) => find(u, (r) => r.username === username, `user ${username}`),
  };
}

