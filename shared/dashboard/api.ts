/**
 * The dashboard (spec §2): sales by product, device, point and time; the
 * year's, month's and day's sales; order count; devices online and offline.
 * Read from the sales rollups (server/order/rollup.ts), never the orders, in
 * the caller's scope. Days are the business time zone's (shared/business-time.ts).
 * Money in fen; `net` is sales less refunds.
 */
import { z } from 'zod';
import { endpoint, str } from '../api/define.js';
import { daysBetween } from '../business-time.js';
import { isIsoDate } from '../format.js';

export const DASHBOARD_LIMITS = {
  /** The longest custom range, in days: three years of rollups still read in a few milliseconds. */
  rangeDays: 1096,
  /** Rows of each ranking (products, devices, points); the rest is summed as "others". */
  ranking: 50,
  /** Up to this many days the series is by day; longer, by month. A single day is by hour. */
  dailySeriesDays: 62,
} as const;

const day = str().refine(isIsoDate, { message: 'validation.invalid' });

export const dashboardRange = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'dashboard.validation.range', path: ['to'] })
  .refine((r) => r.from > r.to || daysBetween(r.from, r.to) <= DASHBOARD_LIMITS.rangeDays, {
    message: 'dashboard.validation.tooLong',
    path: ['from'],
  });
export type DashboardRange = z.infer<typeof dashboardRange>;

const fen = z.number().int();
/** A sum over the rollups: paid orders, what they received, what was refunded, and the difference. */
export const figures = z.object({ orders: z.number().int(), sales: fen, refunds: fen, net: fen });
export type Figures = z.infer<typeof figures>;

export const rankedRow = figures.extend({
  /** Null: the rest beyond the ranking ("others"), or devices on no point. */
  id: z.number().int().nullable(),
  name: z.string(),
  /** Products: items sold; devices: the point's name; points: the area. */
  quantity: z.number().int(),
  detail: z.string(),
});
export type RankedRow = z.infer<typeof rankedRow>;

export const SERIES_GRAINS = ['hour', 'day', 'month'] as const;
export type SeriesGrain = (typeof SERIES_GRAINS)[number];

export const seriesPoint = figures.extend({
  /** `YYYY-MM-DD HH:00` by hour, `YYYY-MM-DD` by day, `YYYY-MM` by month. */
  bucket: z.string(),
});
export type SeriesPoint = z.infer<typeof seriesPoint>;

export const dashboardFigures = z.object({
  from: z.string(),
  to: z.string(),
  totals: figures.extend({ quantity: z.number().int() }),
  grain: z.enum(SERIES_GRAINS),
  series: z.array(seriesPoint),
  /** Products by what they sold (items × price); their refunds are what was given back for them by product. */
  byProduct: z.array(rankedRow),
  byDevice: z.array(rankedRow),
  byPoint: z.array(rankedRow),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardToday = z.object({
  /** The business day it is, `YYYY-MM-DD`. */
  day: z.string(),
  today: figures,
  month: figures,
  year: figures,
  /** Today by hour, 0–23 (hours to come are empty). */
  hours: z.array(seriesPoint),
  devices: z.object({ online: z.number().int(), offline: z.number().int() }),
});
export type DashboardToday = z.infer<typeof dashboardToday>;

export const ALERT_LIMITS = {
  /** A device "usually sells" when it sold on at least this many of the last 7 days. */
  usualDays: 4,
  /** …and is quiet once the sales its own hours of the day usually bring since its last sale reach this many. */
  missedSales: 3,
  /** Channels forecast to run empty within this many hours. */
  forecastHours: 48,
  /** Rows of each list. */
  rows: 100,
} as const;

const alertDevice = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  pointName: z.string().nullable(),
});

export const dashboardAlerts = z.object({
  /** Devices that usually sell and have sold nothing for longer than their own history expects, longest first. */
  quiet: z.array(alertDevice.extend({ lastSaleAt: z.string(), perDay: z.number(), missed: z.number() })),
  /** Activated devices without a heartbeat (offline), longest silent first. */
  silent: z.array(alertDevice.extend({ lastSeenAt: z.string().nullable() })),
  /** Channels forecast to run empty within 48 hours at their last 7 days' sales rate, soonest first (0: empty already). */
  stockOut: z.array(
    alertDevice.extend({
      channel: z.number().int(),
      productName: z.string(),
      stock: z.number().int(),
      perDay: z.number(),
      hoursLeft: z.number(),
    }),
  ),
  /** The devices to visit first: those forecast channels by device, soonest first. */
  visits: z.array(alertDevice.extend({ channels: z.number().int(), hoursLeft: z.number() })),
});
export type DashboardAlerts = z.infer<typeof dashboardAlerts>;

/** How a tenant's alerts judge its devices. */
export const alertSettings = z.object({
  /** Quiet after this many hours without a sale; null: by each device's own hours of the day. */
  quietHours: z
    .number()
    .int({ message: 'dashboard.validation.quietHours' })
    .min(1, { message: 'dashboard.validation.quietHours' })
    .max(168, { message: 'dashboard.validation.quietHours' })
    .nullable(),
});
export type AlertSettings = z.infer<typeof alertSettings>;

/** 1-1 opens the dashboard (shared/roles.ts); enterprise customers have none. */
const dashboardRead = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '1-1' } as const;

export const dashboardApi = {
  'dashboard.figures': endpoint({
    method: 'POST',
    reads: true,
    path: '/dashboard/figures',
    summary:
      "Sales of a range of business days in the caller's scope: totals, a series (by hour for one day, by day up to 62 days, by month beyond), and rankings by product, device and point (the first 50, the rest as one row). From the sales rollups; refunds count on the day they settled.",
    body: dashboardRange,
    content: dashboardFigures,
    access: dashboardRead,
  }),
  'dashboard.today': endpoint({
    method: 'GET',
    path: '/dashboard/today',
    summary:
      "Today's, this month's and this year's sales in the caller's scope, today by hour, and its devices online and offline: the part of the dashboard that moves as machines sell.",
    content: dashboardToday,
    access: dashboardRead,
  }),
  'dashboard.alerts': endpoint({
    method: 'GET',
    path: '/dashboard/alerts',
    summary:
      "What needs someone now, from the sales rollups and the devices, in the caller's scope: devices that usually sell and have gone quiet (by their own hours of the day over the last 7 days), devices without a heartbeat, and a stock-out forecast per channel at the last 7 days' rate with the devices to visit first.",
    content: dashboardAlerts,
    access: dashboardRead,
  }),
  'dashboard.alertSettings': endpoint({
    method: 'GET',
    path: '/dashboard/alert-settings',
    summary:
      "How the caller's tenant's alerts call a device quiet: after a number of hours without a sale, or (null) by each device's own hours of the day.",
    content: alertSettings,
    access: { auth: 'user', roles: ['tenant', 'member'], power: '1-1' },
  }),
  'dashboard.saveAlertSettings': endpoint({
    method: 'PUT',
    path: '/dashboard/alert-settings',
    summary:
      "Sets how the caller's tenant's alerts call a device quiet (1 to 168 hours, or null for each device's own hours); its second-level tenants keep their own.",
    body: alertSettings.meta({ examples: [{ quietHours: 6 }] }),
    content: alertSettings,
    access: { auth: 'user', roles: ['tenant'] },
  }),
};
