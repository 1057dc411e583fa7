/**
 * Orders as spreadsheet rows: the same columns, headings and cells whether
 * the console writes up to 1000 orders itself (electron/core/export.ts) or
 * the upstream's job writes a million (server/order/export.ts), so the two
 * files read alike. Money in yuan (a sheet is read by people), times in China
 * time (the console's business time) as the spreadsheet's own date-times
 * (`SheetDate`, shown `yyyy-mm-dd hh:mm:ss`), so a spreadsheet filters,
 * sorts and groups them as dates — text could only be sorted.
 */
import { BUSINESS_UTC_OFFSET_MS } from '../business-time.js';
import type { Lang } from '../i18n/define.js';
import type { OrderItem } from './list.js';
import { orderTexts } from './texts.js';
import { commonTexts } from '../common/index.js';

/** What a row needs of an order: the list's item, or the export job's narrower row with a `Date` (and the buyer's columns for staff orders). */
export type SheetOrder = Pick<
  OrderItem,
  | 'number'
  | 'thirdPartyNumber'
  | 'title'
  | 'amount'
  | 'receivedAmount'
  | 'refundAmount'
  | 'platform'
  | 'paymentType'
  | 'paymentState'
  | 'refundState'
  | 'deliveryState'
  | 'deviceName'
  | 'pointName'
  | 'tenantName'
  | 'discount'
  | 'activityNames'
  | 'couponUsed'
  | 'memberNickname'
  | 'memberPhone'
> & { createdAt: Date | string } & Partial<
    Pick<OrderItem, 'customerStaffName' | 'customerStaffPhone' | 'customerStaffCard' | 'customerName'>
  >;

/** A sheet of staff orders (the filter asks for them) names each buyer too: staff, phone, card and enterprise customer. */
export const customerStaffSheet = (filter: { customerStaff?: boolean | undefined }) => filter.customerStaff === true;

/** A date-time cell: the China wall clock as a spreadsheet serial (days since 1899-12-30, the fraction the time of day). */
export interface SheetDate {
  excelDate: number;
}
export type SheetCell = string | number | null | SheetDate;
/** How a spreadsheet shows a SheetDate. */
export const SHEET_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

const DAY_MS = 86_400_000;
/** Days from 1899-12-30 (the spreadsheet's day 0) to 1970-01-01. */
const EPOCH_DAYS = 25_569;

/** An instant as a SheetDate on China's wall clock, whole seconds. */
export const sheetDate = (at: Date | string): SheetDate => {
  const ms = (typeof at === 'string' ? Date.parse(at) : at.getTime()) + BUSINESS_UTC_OFFSET_MS;
  return { excelDate: Math.floor(ms / 1000) / 86_400 + EPOCH_DAYS };
};

/** A SheetDate as the Date a spreadsheet library writes (the wall clock, read as UTC). */
export const sheetDateValue = (d: SheetDate): Date => new Date(Math.round((d.excelDate - EPOCH_DAYS) * DAY_MS));

/** `yyyy-mm-dd hh:mm:ss` in China time, without a formatter per row (a million rows). */
export const chinaTime = (at: Date | string) =>
  new Date((typeof at === 'string' ? Date.parse(at) : at.getTime()) + BUSINESS_UTC_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

export function sheetHeader(lang: Lang, customerStaff = false): string[] {
  const l = orderTexts[lang].list;
  return [
    l.number,
    l.thirdPartyNumber,
    l.orderTitle,
    l.createdAt,
    l.amount,
    l.receivedAmount,
    l.refundAmount,
    l.discount,
    l.activities,
    l.coupon,
    l.member,
    l.platform,
    l.payType,
    l.paymentState,
    l.refundState,
    l.deliveryState,
    l.device,
    l.point,
    commonTexts[lang].common.tenant,
    ...(customerStaff ? [l.customerStaffName, l.customerStaffPhone, l.customerStaffCard, l.customer] : []),
  ];
}

/** The sheet's name in a language. */
export const sheetName = (lang: Lang) => orderTexts[lang].list.title;

/** One order's cells in the header's order; `texts` is `orderTexts[lang]`, looked up once per export. */
export const sheetRow = (o: SheetOrder, texts: (typeof orderTexts)[Lang], customerStaff = false): SheetCell[] => {
  const cells: SheetCell[] = [
    o.number,
    o.thirdPartyNumber,
    o.title,
    sheetDate(o.createdAt),
    o.amount / 100,
    o.receivedAmount / 100,
    o.refundAmount / 100,
    o.discount / 100,
    o.activityNames.length ? o.activityNames.join(texts.list.nameSeparator) : null,
    o.couponUsed ? texts.list.yes : texts.list.no,
    o.memberNickname === null
      ? null
      : o.memberPhone === null
        ? o.memberNickname
        : `${o.memberNickname} ${o.memberPhone}`,
    texts.platform[o.platform],
    texts.payType[o.paymentType],
    texts.payment[o.paymentState],
    texts.refund[o.refundState],
    texts.delivery[o.deliveryState],
    o.deviceName,
    o.pointName,
    o.tenantName,
  ];
  if (customerStaff)
    cells.push(
      o.customerStaffName ?? null,
      o.customerStaffPhone ?? null,
      o.customerStaffCard ?? null,
      o.customerName ?? null,
    );
  return cells;
};
