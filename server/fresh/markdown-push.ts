/**
 * Markdown ladders pushed to the machines (shared/fresh/markdown-push.ts):
 * a push of the device domain whose parts are `device_push_parts` rows of
 * kind `markdown` (nothing of its own beside them), the ladders kept as
 * they were sent. A machine's heartbeat is delivered its waiting pushes at
 * once (the `markdownOffers` provision), each with the steps of the
 * perishable products in its channels, until it reports one applied or
 * failed; a newer push to a device cancels the earlier one it had not yet
 * applied. The fleet's view lists the pushes (`markdownPushes`).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { MarkdownPushDetail, MarkdownStep } from '../../shared/fresh/index.js';
import { users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import {
  addParts,
  cancelOpenOfDevices,
  deviceChannels,
  devices,
  offerDue,
  OPEN_STEPS,
  ofPush,
  pushDeviceColumns,
  pushParts as pp,
  pushSelect,
  reportPart,
  targetDevices,
  type NamedTarget,
  type OfferedMarkdowns,
  type PushSource,
} from '../device/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { productCategories, products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { resolveLadders } from './markdowns.js';
import { freshMarkdownPushes as mp, freshMarkdowns as m } from './schema.js';

type Ladders = { categoryId: number | null; steps: MarkdownStep[] }[];

/** The field a target's empty device list is said at. */
const TARGET_FIELD = { devices: 'deviceIds', point: 'pointId', scene: 'sceneId' } as const;

export async function pushMarkdowns(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: NamedTarget & { tenantId?: number | undefined },
): Promise<MarkdownPushDetail> {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const id = await db.transaction(async (tx) => {
    const ladders: Ladders = await tx
      .select({ categoryId: m.categoryId, steps: m.steps })
      .from(m)
      .where(eq(m.tenantId, tenantId))
      .orderBy(sql`${m.categoryId} is not null`, asc(m.categoryId));
    if (!ladders.length) throw new BizError(CODE.markdownsNone);
    const ids = await targetDevices(tx, scope, tenantId, input);
    if (!ids.length)
      throw new RequestValidationError({ [TARGET_FIELD[input.target]]: 'fresh.validation.pushNoDevices' });
    const [row] = await tx.insert(mp).values({ tenantId, ladders, createdBy: user.id }).returning({ id: mp.id });
    // What a device had not yet applied is replaced: the machine shows the newest ladders only.
    await cancelOpenOfDevices(tx, 'markdown', ids, new Date(), `#${row!.id}`);
    await addParts(
      tx,
      'markdown',
      row!.id,
      ids.map((deviceId) => ({ deviceId })),
    );
    return row!.id;
  });
  return markdownPushOf(db, scope, id);
}

export async function markdownPushOf(db: Queryable, scope: Scope, id: number): Promise<MarkdownPushDetail> {
  const [push] = await db
    .select({
      id: mp.id,
      tenantId: mp.tenantId,
      tenantName: tenants.name,
      ladders: mp.ladders,
      createdAt: mp.createdAt,
      createdBy: users.name,
    })
    .from(mp)
    .innerJoin(tenants, eq(tenants.id, mp.tenantId))
    .leftJoin(users, eq(users.id, mp.createdBy))
    .where(and(eq(mp.id, id), scope.where(mp.tenantId)));
  if (!push) throw new BizError(CODE.markdownPushNotActive);
  const categories = push.ladders.flatMap((l) => (l.categoryId === null ? [] : [l.categoryId]));
  const names = categories.length
    ? await db
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .where(inArray(productCategories.id, categories))
    : [];
  const parts = await db
    .select({
      ...pushDeviceColumns,
      step: pp.step,
      reason: pp.reason,
      deliveredAt: pp.startedAt,
      endedAt: pp.endedAt,
    })
    .from(pp)
    .innerJoin(devices, eq(devices.id, pp.deviceId))
    .where(and(ofPush('markdown', id), scope.device(pp.deviceId)))
    .orderBy(asc(devices.serial));
  return {
    id: push.id,
    tenantId: push.tenantId,
    tenantName: push.tenantName,
    createdAt: push.createdAt.toISOString(),
    createdBy: push.createdBy,
    ladders: push.ladders.map((l) => ({
      categoryName: l.categoryId === null ? null : (names.find((n) => n.id === l.categoryId)?.name ?? ''),
      steps: l.steps,
    })),
    devices: parts.map(({ model: _model, ...p }) => ({
      ...p,
      deliveredAt: p.deliveredAt?.toISOString() ?? null,
      endedAt: p.endedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A machine's heartbeat: its waiting markdown pushes delivered now, and every push it has not yet reported, each
 * with the ladders of the perishable products in its channels. Most heartbeats find nothing: one read by device.
 */
export async function markdownOffers(db: Queryable, deviceId: number): Promise<OfferedMarkdowns[]> {
  const open = await db
    .select({ pushId: pp.pushId, step: pp.step })
    .from(pp)
    .where(and(eq(pp.deviceId, deviceId), eq(pp.kind, 'markdown'), inArray(pp.step, [...OPEN_STEPS])));
  if (!open.length) return [];
  if (open.some((x) => x.step === 'waiting')) await offerDue(db, 'markdown', deviceId, sql`true`, new Date());
  const pushes = await db
    .select({ id: mp.id, ladders: mp.ladders })
    .from(mp)
    .where(inArray(mp.id, [...new Set(open.map((x) => x.pushId))]))
    .orderBy(asc(mp.id));
  const held = await db
    .selectDistinct({ productId: products.id })
    .from(deviceChannels)
    .innerJoin(products, eq(products.id, deviceChannels.productId))
    .where(and(eq(deviceChannels.deviceId, deviceId), eq(products.perishable, true)));
  const productIds = held.map((h) => h.productId).sort((a, b) => a - b);
  const offers: OfferedMarkdowns[] = [];
  for (const push of pushes) {
    const steps = await resolveLadders(db, push.ladders, productIds);
    offers.push({
      pushId: push.id,
      products: productIds.flatMap((productId) =>
        steps.has(productId) ? [{ productId, steps: [...steps.get(productId)!] }] : [],
      ),
    });
  }
  return offers;
}

export async function reportMarkdowns(
  db: Db,
  deviceId: number,
  pushId: number,
  body: { result: 'applied' | 'failed'; reason?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: pp.id })
      .from(pp)
      .where(and(ofPush('markdown', pushId), eq(pp.deviceId, deviceId), eq(pp.step, 'working')))
      .for('update');
    if (!part) throw new BizError(CODE.markdownPushNotActive);
    const step = body.result === 'applied' ? ('done' as const) : ('failed' as const);
    await reportPart(tx, part.id, new Date(), step === 'done' ? { step } : { step, reason: body.reason || 'failed' });
    return { step };
  });
}

/** Markdown pushes as the fleet's view lists them: never held by a person, due when sent. */
export const markdownPushes: PushSource = (scope) => sql`
  select ${pushSelect({
    kind: sql`'markdown'::push_kind`,
    id: mp.id,
    tenant_id: mp.tenantId,
    title: sql`coalesce((select string_agg(${productCategories.name}, '、' order by ${productCategories.name})
      from ${productCategories} where ${productCategories.id} in
      (select (l->>'categoryId')::int from jsonb_array_elements(${mp.ladders}) l where l->>'categoryId' is not null)), '')`,
    module: sql`null::text`,
    version: sql`null::text`,
    held: sql`false`,
    due_at: mp.createdAt,
    created_at: mp.createdAt,
    created_by: mp.createdBy,
  })}
  from ${mp}
  where ${scope.where(mp.tenantId)}`;
