/** Demo accounts, one per role (README.md "Demo accounts"); every password is DEMO_PASSWORD. */
import { count } from 'drizzle-orm';
import type { RoleKind } from '../../shared/roles.js';
import type { Queryable } from '../db/index.js';
import type { RoleKey, TenantKey } from '../demo-keys.js';
import type { DemoData } from '../manifest.js';
import { hashPassword } from './passwords.js';
import { users } from './schema.js';

export const DEMO_PASSWORD = 'Demo@2026';

/**
 * `tenant` and `role` are the keys of the tenant and staff domains' demo rows
 * (server/demo-keys.ts: those domains build on this one, so the keys are
 * not theirs to export).
 */
export const DEMO_USERS: readonly {
  username: string;
  name: string;
  kind: RoleKind;
  tenant: TenantKey | null;
  role?: RoleKey;
  contact?: string;
  entityType?: 'enterprise';
}[] = [
  { username: 'admin', name: '系统管理员', kind: 'admin', tenant: null },
  {
    username: 'tenant1',
    name: '华东智售科技有限公司',
    kind: 'tenant',
    tenant: 'A',
    contact: '13916200001',
    entityType: 'enterprise',
  },
  { username: 'tenant11', name: '苏州地铁零售有限公司', kind: 'tenant', tenant: 'A1', contact: '13862100011' },
  {
    username: 'tenant2',
    name: '华南智慧零售有限公司',
    kind: 'tenant',
    tenant: 'B',
    contact: '13802500002',
    entityType: 'enterprise',
  },
  { username: 'enterprise1', name: '虹桥枢纽餐饮管理有限公司', kind: 'enterprise', tenant: 'A' },
  { username: 'member1', name: '李明', kind: 'member', tenant: 'A', role: 'operator' },
  { username: 'member3', name: '赵敏', kind: 'member', tenant: 'B', role: 'cataloguer' },
  // Orders (6-1) but not complaints (6-3).
  { username: 'member4', name: '周婷', kind: 'member', tenant: 'A', role: 'orderClerk' },
  // A member without a role: the console's "insufficient permission" path.
  { username: 'member2', name: '王芳', kind: 'member', tenant: 'A' },
];

/** Whether any account exists: demo data goes only into an empty database. */
export async function hasAccounts(db: Queryable): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  return (existing?.n ?? 0) > 0;
}

/**
 * One hash of the demo password per process: at today's scrypt cost, seven
 * hashes per demo load would cost seconds in every test that loads it. The
 * demo accounts share a published password anyway, so a shared salt gives
 * nothing away.
 */
let demoHashOnce: Promise<string> | undefined;
const demoHash = () => (demoHashOnce ??= hashPassword(DEMO_PASSWORD));

export const accountDemo: DemoData = {
  after: ['tenant', 'staff'],
  async load({ tx, ids }) {
    const hash = await demoHash();
    const rows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          username: u.username,
          passwordHash: hash,
          name: u.name,
          kind: u.kind,
          tenantId: u.tenant ? ids.get('tenant', u.tenant) : null,
          roleId: u.role ? ids.get('staff', u.role) : null,
          contact: u.contact ?? null,
          entityType: u.entityType ?? null,
        })),
      )
      .returning({ id: users.id, username: users.username });
    for (const r of rows) ids.set('account', r.username, r.id);
  },
};
