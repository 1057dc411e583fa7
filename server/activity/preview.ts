/**
 * The console's price preview (`activity.preview`): what a customer pays
 * for products at a device at a moment, and why — the live activities
 * loaded as for a sale (pricing.ts) and priced by the same engine, with the
 * form's unsaved draft in place of the activity it edits. Nothing is locked
 * or recorded.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import {
  LANE_OF,
  draftPricingRule,
  keepTypeFields,
  type ActivityRule,
  type PreviewAnswer,
  type PricingRule,
  type previewInput,
} from '../../shared/activity/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import type { AuthUser } from '../http/principal.js';
import { owningTenant } from '../tenant/index.js';
import { deviceChannels, devices } from '../device/index.js';
import { products } from '../product/schema.js';
import { sceneDevices } from '../scene/schema.js';
import { activityOf } from './activities.js';
import { checkNamed, checkRefs } from './choices.js';
import { draftGrades, priceRequest } from './pricing.js';
import type { MemberCaller } from '../http/principal.js';
import { tenants } from '../identity/schema.js';

const DRAFT_ID = 0;

/** The draft as the engine sees it where it would price this device at `at` (a draft has no uses yet). */
async function draftRule(db: Queryable, draft: ActivityRule, deviceId: number, at: Date): Promise<PricingRule | null> {
  const a = keepTypeFields(draft);
  if (at < new Date(a.startAt) || at >= new Date(a.endAt)) return null;
  const aimed =
    a.target === 'devices'
      ? a.deviceIds.includes(deviceId)
      : a.sceneIds.length > 0 &&
        (
          await db
            .select({ id: sceneDevices.sceneId })
            .from(sceneDevices)
            .where(and(eq(sceneDevices.deviceId, deviceId), inArray(sceneDevices.sceneId, a.sceneIds)))
        ).length > 0;
  if (!aimed) return null;
  return draftPricingRule(a, DRAFT_ID, await draftGrades(db, a.minGradeId));
}

export async function previewPrice(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: z.output<typeof previewInput>,
): Promise<PreviewAnswer> {
  const [device] = await db
    .select({ id: devices.id, tenantId: devices.tenantId })
    .from(devices)
    .where(and(eq(devices.id, input.deviceId), scope.where(devices.tenantId)));
  if (!device || device.tenantId === null) throw new BizError(CODE.deviceNotFound);
  if (input.activityId !== undefined) await activityOf(db, scope, input.activityId);
  await checkNamed(db, scope, { memberId: input.memberId });
  if (input.draft) {
    // The draft's tenant, where named, is one the caller may name (as on create); its ids are the device's tenant's.
    if (input.draft.tenantId !== undefined) await owningTenant(db, user, scope, input.draft.tenantId);
    await checkRefs(db, device.tenantId, input.draft);
  }
  const ids = [...new Set(input.items.map((i) => i.productId))];
  // Each product at its first channel's price, as the machine would sell it.
  const offered = await db
    .selectDistinctOn([deviceChannels.productId], {
      productId: deviceChannels.productId,
      price: deviceChannels.price,
      name: products.name,
    })
    .from(deviceChannels)
    .innerJoin(products, eq(products.id, deviceChannels.productId))
    .where(
      and(
        eq(deviceChannels.deviceId, device.id),
        inArray(deviceChannels.productId, ids),
        eq(deviceChannels.enabled, true),
      ),
    )
    .orderBy(asc(deviceChannels.productId), asc(deviceChannels.number));
  if (offered.length !== ids.length) throw new BizError(CODE.productNotAtDevice);
  const byProduct = new Map(offered.map((o) => [o.productId!, o]));
  const now = new Date();
  const draftStart = input.draft ? new Date(input.draft.startAt) : null;
  const at = input.at ? new Date(input.at) : draftStart && draftStart > now ? draftStart : now;
  const { priced, list: live } = await priceRequest(db, {
    tenantId: device.tenantId,
    deviceId: device.id,
    who: { memberId: input.memberId ?? null, staffId: null },
    platform: input.platform ?? null,
    couponId: null,
    lines: input.items.map((item, i) => ({
      key: i + 1,
      productId: item.productId,
      count: item.count,
      price: byProduct.get(item.productId)!.price ?? 0,
      staffPrice: null,
    })),
    at,
    hold: false,
    except: input.activityId,
    draft: input.draft ? await draftRule(db, input.draft, device.id, at) : null,
  });
  const named = new Map(live.map((a) => [a.id, a]));
  return {
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      name: byProduct.get(l.productId)!.name,
      count: l.count,
      listPrice: l.listPrice,
      unitPrice: l.unitPrice,
      amount: l.amount,
      activityIds: l.activityIds,
      pointsDiscount: l.pointsDiscount,
    })),
    applied: priced.applied.map((a) => {
      const of = a.activityId === DRAFT_ID ? input.draft! : named.get(a.activityId)!;
      return {
        activityId: a.activityId,
        name: of.name,
        type: of.type,
        lane: LANE_OF[of.type],
        discount: a.discount,
        draft: a.activityId === DRAFT_ID,
      };
    }),
    listTotal: priced.listTotal,
    total: priced.total,
    staffPriced: priced.staffPriced,
    points: priced.points,
  };
}

/**
 * The member's basket price (`activity.basketPrice`): the machine's channels
 * priced for the signed-in member by the sale's own pricing step
 * (pricing.ts `priceRequest`) — its groups, limits, coupons (looked at, not
 * held: nothing is taken until it buys) and the platform it pays with.
 */
export async function basketPrice(
  db: Queryable,
  member: MemberCaller,
  input: {
    deviceId: number;
    items: { channel: number; count: number }[];
    couponId?: number | undefined;
    platform: string;
    usePoints: boolean;
  },
): Promise<PreviewAnswer> {
  // One statement: the machine — the member's tenant's, or a second-level tenant's under it — and the channels asked for.
  const numbers = [...new Set(input.items.map((i) => i.channel))];
  const rows = await db
    .select({
      tenantId: devices.tenantId,
      number: deviceChannels.number,
      productId: deviceChannels.productId,
      price: deviceChannels.price,
      enabled: deviceChannels.enabled,
      name: products.name,
    })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .leftJoin(deviceChannels, and(eq(deviceChannels.deviceId, devices.id), inArray(deviceChannels.number, numbers)))
    .leftJoin(products, eq(products.id, deviceChannels.productId))
    .where(
      and(
        eq(devices.id, input.deviceId),
        sql`(${devices.tenantId} = ${member.tenantId} or ${tenants.parentId} = ${member.tenantId})`,
      ),
    );
  const device = rows[0] ? { id: input.deviceId, tenantId: rows[0].tenantId } : undefined;
  if (!device || device.tenantId === null) throw new BizError(CODE.deviceNotFound);
  const channels = rows.flatMap((r) =>
    r.number !== null && r.enabled && r.productId !== null && r.name !== null
      ? [{ number: r.number, productId: r.productId, price: r.price, name: r.name }]
      : [],
  );
  if (channels.length !== numbers.length) throw new BizError(CODE.channelUnavailable);
  const byChannel = new Map(channels.map((c) => [c.number, c]));
  // Coupons are looked at, not taken, until the member buys: nothing is held or locked.
  const { priced, list: live } = await priceRequest(db, {
    tenantId: device.tenantId,
    deviceId: device.id,
    who: { memberId: member.id, staffId: null },
    platform: input.platform,
    couponId: input.couponId ?? null,
    lines: input.items.map((i) => ({
      key: i.channel,
      productId: byChannel.get(i.channel)!.productId,
      count: i.count,
      price: byChannel.get(i.channel)!.price ?? 0,
      staffPrice: null,
    })),
    at: new Date(),
    hold: false,
    usePoints: input.usePoints,
  });
  const named = new Map(live.map((a) => [a.id, a]));
  return {
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      name: byChannel.get(l.key)!.name,
      count: l.count,
      listPrice: l.listPrice,
      unitPrice: l.unitPrice,
      amount: l.amount,
      activityIds: l.activityIds,
      pointsDiscount: l.pointsDiscount,
    })),
    applied: priced.applied.map((a) => {
      const of = named.get(a.activityId)!;
      return {
        activityId: a.activityId,
        name: of.name,
        type: of.type,
        lane: LANE_OF[of.type],
        discount: a.discount,
        draft: false,
      };
    }),
    listTotal: priced.listTotal,
    total: priced.total,
    staffPriced: false,
    points: priced.points,
  };
}
