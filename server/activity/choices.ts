/** What an activity may name (`activity.choices`), and the check that it names nothing else (3414). */
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { ActivityRule } from '../../shared/activity/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { devices, tenantProducts } from '../device/index.js';
import { products } from '../product/schema.js';
import { scenes } from '../scene/index.js';
import { groups } from '../group/index.js';
import { memberGrades, members } from '../member/index.js';
import type { Scope } from '../scope.js';

const CHOICES = 500;

export async function activityChoices(db: Queryable, tenantId: number) {
  const [deviceRows, sceneRows, productRows, groupRows, gradeRows] = await Promise.all([
    db
      .select({ id: devices.id, name: devices.name, serial: devices.serial })
      .from(devices)
      .where(eq(devices.tenantId, tenantId))
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(CHOICES),
    db
      .select({ id: scenes.id, name: scenes.name })
      .from(scenes)
      .where(eq(scenes.tenantId, tenantId))
      .orderBy(asc(scenes.name), asc(scenes.id))
      .limit(CHOICES),
    db
      .select({ id: products.id, name: products.name, number: products.number, price: products.price })
      .from(products)
      .where(tenantProducts(tenantId))
      .orderBy(asc(products.name), asc(products.id))
      .limit(CHOICES),
    db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.tenantId, tenantId))
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(CHOICES),
    db
      .select({ id: memberGrades.id, name: memberGrades.name })
      .from(memberGrades)
      .where(eq(memberGrades.tenantId, tenantId))
      .orderBy(asc(memberGrades.minSpend)),
  ]);
  return { devices: deviceRows, scenes: sceneRows, products: productRows, groups: groupRows, grades: gradeRows };
}

/** 3414 unless every device, scene, group, grade and product the activity names is one its tenant may name (however many it has). */
export async function checkRefs(db: Queryable, tenantId: number, a: ActivityRule) {
  const all = async (
    table: typeof devices | typeof scenes | typeof groups | typeof products | typeof memberGrades,
    ids: readonly number[],
    mine: SQL,
  ) => {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return;
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(inArray(table.id, wanted), mine));
    if (row!.n !== wanted.length) throw new BizError(CODE.activityRefUnknown);
  };
  await all(devices, a.deviceIds, eq(devices.tenantId, tenantId));
  await all(scenes, a.sceneIds, eq(scenes.tenantId, tenantId));
  await all(groups, a.groupIds, eq(groups.tenantId, tenantId));
  await all(memberGrades, a.minGradeId === undefined ? [] : [a.minGradeId], eq(memberGrades.tenantId, tenantId));
  await all(
    products,
    a.products.map((p) => p.productId),
    tenantProducts(tenantId),
  );
}

/** A filter or a preview naming a device, scene or member the caller cannot see is refused like a lookup of it (1201, 3501, 707). */
export async function checkNamed(
  db: Queryable,
  scope: Scope,
  named: { deviceId?: number | undefined; sceneId?: number | undefined; memberId?: number | undefined },
) {
  const owned = async (
    table: typeof devices | typeof scenes | typeof members,
    id: number | undefined,
    code: number,
  ) => {
    if (id === undefined) return;
    const [row] = await db.select({ tenantId: table.tenantId }).from(table).where(eq(table.id, id));
    if (!row || row.tenantId === null || !scope.has(row.tenantId)) throw new BizError(code);
  };
  if (named.deviceId !== undefined && !scope.hasDevice(named.deviceId)) throw new BizError(CODE.deviceNotFound);
  await owned(devices, named.deviceId, CODE.deviceNotFound);
  await owned(scenes, named.sceneId, CODE.sceneNotFound);
  await owned(members, named.memberId, CODE.programmeMemberNotFound);
}
