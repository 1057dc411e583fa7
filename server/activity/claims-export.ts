/**
 * A coupon activity's claims and redemptions as an .xlsx (`activity.claimsExport`):
 * a row per coupon a member claimed, oldest first, with its state as the
 * sale's rule reads it (uses.ts `couponFree`: a coupon whose order no longer
 * stands is unused again when the activity gives coupons back on refund) and
 * the order that redeemed it. What an operator reconciles a campaign with.
 */
import { sql } from 'drizzle-orm';
import { ACTIVITY_CLAIMS_EXPORT_ROWS, activityTexts } from '../../shared/activity/index.js';
import { formatTime, maskContact } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import { members } from '../member/index.js';
import { orders } from '../order/schema.js';
import type { Scope } from '../scope.js';
import { activityOf } from './activities.js';
import { activities, coupons } from './schema.js';
import { couponFree } from './uses.js';

interface ClaimRow {
  id: number;
  nickname: string | null;
  phone: string | null;
  claimed_at: Date | string;
  valid_until: Date | string;
  free: boolean;
  used_at: Date | string | null;
  number: string | null;
}

export async function exportClaims(db: Queryable, scope: Scope, id: number, lang: Lang) {
  const activity = await activityOf(db, scope, id);
  const l = activityTexts[lang].claims;
  const rows = await rowsOf<ClaimRow>(
    db,
    sql`select c.id, m.nickname, m.phone, c.claimed_at, c.valid_until, ${couponFree} as free, c.used_at,
        (select o.number from ${orders} o where o.id = c.order_id limit 1) as number
      from ${coupons} c join ${activities} a on a.id = c.activity_id
      left join ${members} m on m.id = c.member_id
      where c.activity_id = ${id}
      order by c.claimed_at, c.id
      limit ${ACTIVITY_CLAIMS_EXPORT_ROWS}`,
  );
  const now = Date.now();
  const cells: Cell[][] = rows.map((r) => {
    const state = !r.free ? 'used' : new Date(r.valid_until).getTime() < now ? 'expired' : 'unused';
    return [
      r.id,
      r.nickname,
      maskContact(r.phone),
      formatTime(new Date(r.claimed_at).toISOString()),
      formatTime(new Date(r.valid_until).toISOString()),
      l.states[state],
      state === 'used' && r.used_at !== null ? formatTime(new Date(r.used_at).toISOString()) : null,
      state === 'used' ? r.number : null,
    ];
  });
  const header = [l.coupon, l.member, l.phone, l.claimedAt, l.validUntil, l.state, l.usedAt, l.order];
  const bytes = await xlsxBytes(l.sheet, header, cells);
  return { name: `${activity.name}-${l.sheet}.xlsx`, data: bytes.toString('base64'), rows: cells.length };
}
