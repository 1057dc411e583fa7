/**
 * The activity form's values and the API's body: the same paths (so a field
 * issue of the upstream lands on its field), with money in yuan, numbers and
 * times as typed. `toInput` keeps only what the type asks for, as the
 * upstream does, so a hidden field of another type never refuses a save.
 */
import { businessDateTime } from '../../shared/business-time.js';
import { parseYuan, yuanInput } from '../../shared/format.js';
import {
  asks,
  type ActivityDetail,
  type ActivityInput,
  type ActivityType,
  type CouponType,
  type LimitPeriod,
} from '../../shared/activity/index.js';
import type { PAY_PLATFORMS } from '../../shared/order/index.js';

export interface ActivityValues {
  name: string;
  type: ActivityType;
  tag: string;
  /** Business time, `yyyy-mm-dd hh:mm:ss`. */
  startAt: string;
  endAt: string;
  newUserOnly: boolean;
  crowd: 'everyone' | 'inGroups' | 'notInGroups';
  groupIds: number[];
  /** A tier-only activity's lowest grade, as its id ('' : anyone). */
  minGradeId: string;
  target: 'devices' | 'scenes';
  deviceIds: number[];
  sceneIds: number[];
  products: { productId: number; price: string }[];
  purchaseLimit: { period: LimitPeriod; count: string; refresh: 'calendar' | 'rolling' };
  rate: string;
  minUnits: string;
  threshold: string;
  reduction: string;
  coupon: {
    type: CouponType;
    amount: string;
    threshold: string;
    quantity: string;
    validDays: string;
    perMember: string;
    returnOnRefund: boolean;
    /** Points a claim exchanges for it; blank: free to claim. */
    points: string;
  };
  participationLimit: string;
  exclusive: boolean;
  weekdays: number[];
  /** `hh:mm`, or both empty: every hour. */
  hours: { from: string; to: string };
  platforms: (typeof PAY_PLATFORMS)[number][];
  budgetAmount: string;
  budgetUses: string;
  tenantId?: number | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the business clock's `yyyy-mm-dd hh:mm:ss` (China time keeps UTC+8 all year). */
export const businessText = (iso: string): string => businessDateTime(Date.parse(iso));
/** The business clock's `yyyy-mm-dd hh:mm:ss` as an instant; anything else as typed (the schema refuses it). */
export function businessInstant(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  return m ? `${m[1]}T${m[2]}+08:00` : text;
}
const minuteText = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
const minuteOf = (text: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};
const money = (text: string) => (text.trim() === '' ? undefined : (parseYuan(text) ?? Number.NaN));
const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

const DAY = 86_400_000;
export function emptyValues(type: ActivityType, now = Date.now()): ActivityValues {
  const hour = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    name: '',
    type,
    tag: '',
    startAt: businessText(new Date(hour).toISOString()),
    endAt: businessText(new Date(hour + 7 * DAY).toISOString()),
    newUserOnly: false,
    crowd: 'everyone',
    groupIds: [],
    minGradeId: '',
    target: 'devices',
    deviceIds: [],
    sceneIds: [],
    products: [],
    purchaseLimit: { period: 'unlimited', count: '', refresh: 'calendar' },
    rate: '',
    minUnits: '',
    threshold: '',
    reduction: '',
    coupon: {
      type: 'reduction',
      amount: '',
      threshold: '',
      quantity: '',
      validDays: '30',
      perMember: '1',
      returnOnRefund: true,
      points: '',
    },
    participationLimit: '',
    exclusive: false,
    weekdays: [],
    hours: { from: '', to: '' },
    platforms: [],
    budgetAmount: '',
    budgetUses: '',
    tenantId: undefined,
  };
}

/** An activity's values for its form (editing one not yet started). */
export function valuesOf(a: ActivityDetail): ActivityValues {
  const yuan = (fen: number | null) => (fen === null ? '' : yuanInput(fen));
  const num = (n: number | null) => (n === null ? '' : String(n));
  return {
    ...emptyValues(a.type),
    name: a.name,
    tag: a.tag,
    startAt: businessText(a.startAt),
    endAt: businessText(a.endAt),
    newUserOnly: a.newUserOnly,
    crowd: a.crowd,
    groupIds: a.groups.map((g) => g.id),
    minGradeId: a.minGrade ? String(a.minGrade.id) : '',
    target: a.target,
    deviceIds: a.devices.map((d) => d.id),
    sceneIds: a.scenes.map((s) => s.id),
    products: a.productLines.map((p) => ({ productId: p.productId, price: yuan(p.price) })),
    purchaseLimit: a.purchaseLimit
      ? { period: a.purchaseLimit.period, count: num(a.purchaseLimit.count ?? null), refresh: a.purchaseLimit.refresh }
      : { period: 'unlimited', count: '', refresh: 'calendar' },
    rate: num(a.rate),
    minUnits: num(a.minUnits),
    threshold: yuan(a.threshold),
    reduction: yuan(a.reduction),
    coupon: a.coupon
      ? {
          type: a.coupon.type,
          amount: yuan(a.coupon.amount ?? null),
          threshold: a.coupon.threshold ? yuanInput(a.coupon.threshold) : '',
          quantity: String(a.coupon.quantity),
          validDays: String(a.coupon.validDays),
          perMember: String(a.coupon.perMember),
          returnOnRefund: a.coupon.returnOnRefund,
          points: a.coupon.points ? String(a.coupon.points) : '',
        }
      : emptyValues('coupon').coupon,
    participationLimit: num(a.participationLimit),
    exclusive: a.exclusive,
    weekdays: a.weekdays ?? [],
    hours: a.hours ? { from: minuteText(a.hours.from), to: minuteText(a.hours.to) } : { from: '', to: '' },
    platforms: a.platforms ?? [],
    budgetAmount: yuan(a.budgetAmount),
    budgetUses: num(a.budgetUses),
  };
}

/** The API's body from the form's values (what the type does not ask for left out; an empty required number left out too, for the schema to say it is required). */
export function toInput(v: ActivityValues): ActivityInput {
  const type = v.type;
  return {
    name: v.name,
    type,
    tag: v.tag,
    startAt: businessInstant(v.startAt),
    endAt: businessInstant(v.endAt),
    newUserOnly: v.newUserOnly,
    crowd: v.crowd,
    groupIds: v.crowd === 'everyone' ? [] : v.groupIds,
    ...(v.minGradeId ? { minGradeId: Number(v.minGradeId) } : {}),
    target: v.target,
    deviceIds: v.target === 'devices' ? v.deviceIds : [],
    sceneIds: v.target === 'scenes' ? v.sceneIds : [],
    products: v.products.map((p) =>
      asks(type, 'productPrice') ? { productId: p.productId, price: money(p.price) } : { productId: p.productId },
    ),
    ...(asks(type, 'purchaseLimit')
      ? {
          purchaseLimit:
            v.purchaseLimit.period === 'unlimited'
              ? { period: 'unlimited' as const, refresh: v.purchaseLimit.refresh }
              : {
                  period: v.purchaseLimit.period,
                  count: whole(v.purchaseLimit.count),
                  refresh: v.purchaseLimit.refresh,
                },
        }
      : {}),
    ...(asks(type, 'rate') ? { rate: whole(v.rate) } : {}),
    ...(asks(type, 'minUnits') ? { minUnits: whole(v.minUnits) } : {}),
    ...(asks(type, 'threshold') ? { threshold: money(v.threshold), reduction: money(v.reduction) } : {}),
    ...(asks(type, 'coupon')
      ? {
          coupon: {
            type: v.coupon.type,
            ...(v.coupon.type === 'exchange' ? {} : { amount: money(v.coupon.amount) }),
            threshold: v.coupon.type === 'reduction' ? (money(v.coupon.threshold) ?? 0) : 0,
            quantity: whole(v.coupon.quantity) as number,
            validDays: whole(v.coupon.validDays) as number,
            perMember: whole(v.coupon.perMember) ?? 1,
            returnOnRefund: v.coupon.returnOnRefund,
            // Typed and not a whole number: it goes to the schema as NaN and is refused at its field.
            ...(v.coupon.points.trim() === '' ? {} : { points: whole(v.coupon.points) as number }),
          },
        }
      : {}),
    participationLimit: whole(v.participationLimit),
    exclusive: v.exclusive,
    weekdays: v.weekdays.length ? [...v.weekdays].sort() : undefined,
    hours:
      v.hours.from.trim() || v.hours.to.trim() ? { from: minuteOf(v.hours.from), to: minuteOf(v.hours.to) } : undefined,
    platforms: v.platforms.length ? v.platforms : undefined,
    budgetAmount: money(v.budgetAmount),
    budgetUses: whole(v.budgetUses),
    ...(v.tenantId === undefined ? {} : { tenantId: v.tenantId }),
  };
}
