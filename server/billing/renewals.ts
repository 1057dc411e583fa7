/**
 * Renewals (spec §2 payCenter): the fee, ordering a renewal (a payment with
 * the provider, which answers later: server/billing/settle.ts), reading one,
 * and the lists of bills and of devices with their service dates. Every
 * lookup goes through the caller's scope: another tenant's renewal answers
 * as a missing one (983), another tenant's device as a missing device (1201).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  BILL_EXPORT_MAX,
  billingTexts,
  BILLING_LIMITS,
  BILLING_SETTLE_MS,
  DEFAULT_ANNUAL_FEE,
  RENEWAL_PLANS,
  renewalAmount,
  type BillFilter,
  type RenewalInput,
  type RenewalItem,
} from '../../shared/billing/index.js';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import { formatTime } from '../../shared/format.js';
import { BUSINESS_TIME_ZONE, daysLeft } from '../../shared/business-time.js';
import type { Lang } from '../../shared/i18n/define.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BUSINESS_ZONE, containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { envInteger, sandboxesOn } from '../manifest.js';
import { openAtPlatform, requirePayee } from './platform.js';
import { FIRST_QUERY_MS } from '../payment/index.js';
import { enqueue } from '../jobs/index.js';
import { SETTLE_JOB } from './settle.js';
import type { Scope } from '../scope.js';
import { devices } from '../device/index.js';
import { points } from '../point/index.js';
import { tenantFilter } from '../tenant/index.js';
import { billingSettings, invoices, renewalDevices, renewals } from './schema.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import { commonTexts } from '../../shared/common/index.js';

/** How long the sandbox provider takes to say paid (BILLING_SETTLE_MS; 5 s by default: the time to scan and pay). */

export const settleDelayMs = (env: NodeJS.ProcessEnv = process.env): number =>
  envInteger(env, 'BILLING_SETTLE_MS', 0, BILLING_SETTLE_MS);
/** The sandbox's payment page: what the QR code carries (a real provider's code URL in its place). */
const payUrl = (number: string, platform: string) => `https://sandbox.pay.vend.example/${platform}/${number}`;

export async function annualFee(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ fee: billingSettings.annualFee })
    .from(billingSettings)
    .where(eq(billingSettings.id, 1));
  return row?.fee ?? DEFAULT_ANNUAL_FEE;
}

export async function setAnnualFee(db: Queryable, fee: number): Promise<void> {
  await db
    .insert(billingSettings)
    .values({ id: 1, annualFee: fee })
    .onConflictDoUpdate({ target: billingSettings.id, set: { annualFee: fee, updatedAt: sql`now()` } });
}

export async function feeSettingsOf(db: Queryable) {
  const [payee] = await db
    .select({ tenantId: tenants.id, name: tenants.name })
    .from(billingSettings)
    .innerJoin(tenants, eq(tenants.id, billingSettings.payeeTenantId))
    .where(eq(billingSettings.id, 1));
  return { annualFee: await annualFee(db), plans: [...RENEWAL_PLANS], payee: payee ?? null, simulated: sandboxesOn() };
}

/** Names the payee (null: none); 1401 for a tenant that does not exist. The fee stays as it is. */
export async function setPayee(db: Queryable, tenantId: number | null): Promise<void> {
  if (tenantId !== null) {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw new BizError(CODE.tenantNotFound);
  }
  const fee = await annualFee(db);
  await db
    .insert(billingSettings)
    .values({ id: 1, annualFee: fee, payeeTenantId: tenantId })
    .onConflictDoUpdate({ target: billingSettings.id, set: { payeeTenantId: tenantId, updatedAt: sql`now()` } });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const renewalColumns = {
  id: renewals.id,
  number: renewals.number,
  tenantId: renewals.tenantId,
  tenantName: tenants.name,
  months: renewals.months,
  deviceCount: renewals.deviceCount,
  annualFee: renewals.annualFee,
  amount: renewals.amount,
  platform: renewals.platform,
  state: renewals.state,
  createdAt: renewals.createdAt,
  expiresAt: renewals.expiresAt,
  paidAt: renewals.paidAt,
  provider: renewals.provider,
  storedPayUrl: renewals.payUrl,
  platformCode: renewals.platformCode,
  invoiceId: invoices.id,
  invoiceState: invoices.state,
  trackingNumber: invoices.trackingNumber,
};
const selectRenewals = (db: Queryable) =>
  db
    .select(renewalColumns)
    .from(renewals)
    .innerJoin(tenants, eq(tenants.id, renewals.tenantId))
    .leftJoin(invoices, eq(invoices.renewalId, renewals.id));
type RenewalRow = Awaited<ReturnType<typeof selectRenewals>>[number];

const toRenewalItem = ({
  invoiceId,
  invoiceState,
  trackingNumber,
  provider,
  storedPayUrl,
  ...r
}: RenewalRow): RenewalItem => ({
  ...r,
  // A real platform's code once it has answered (none when it refused); the sandbox's page otherwise.
  payUrl: provider ? (storedPayUrl ?? '') : payUrl(r.number, r.platform),
  simulated: provider === null,
  invoice: invoiceId !== null && invoiceState !== null ? { id: invoiceId, state: invoiceState, trackingNumber } : null,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  paidAt: iso(r.paidAt),
});

/** One renewal in the caller's scope with its devices; 983 otherwise. */
export async function renewalInScope(db: Queryable, scope: Scope, id: number) {
  const [row] = await selectRenewals(db).where(and(eq(renewals.id, id), scope.where(renewals.tenantId)));
  if (!row) throw new BizError(CODE.renewalNotFound);
  const lines = await db
    .select({
      deviceId: renewalDevices.deviceId,
      name: devices.name,
      serial: devices.serial,
      expiryBefore: renewalDevices.expiryBefore,
      expiryAfter: renewalDevices.expiryAfter,
    })
    .from(renewalDevices)
    .innerJoin(devices, eq(devices.id, renewalDevices.deviceId))
    .where(eq(renewalDevices.renewalId, id))
    .orderBy(asc(devices.serial));
  return {
    ...toRenewalItem(row),
    devices: lines.map((l) => ({ ...l, expiryBefore: iso(l.expiryBefore), expiryAfter: iso(l.expiryAfter) })),
  };
}

/**
 * Orders a renewal: the devices are the caller's (1201 otherwise, a device
 * in the pool included); the amount is the plan at today's fee. The payment
 * waits for the provider: the sandbox's answer at its time (settle.ts), or,
 * where the sandboxes are off, the payee's platform, asked for a QR payment
 * once the renewal is committed (platform.ts; 984 when no payee is set up).
 */
export async function orderRenewal(
  db: Queryable,
  scope: Scope,
  payer: { tenantId: number; userId: number },
  input: RenewalInput,
  env: NodeJS.ProcessEnv = process.env,
) {
  const provider = sandboxesOn() ? null : await requirePayee(db, input.platform);
  const made = await (db as Tx).transaction(async (tx) => {
    // In the scope means in service: a device in the pool (registered or recycled) has no tenant, so no tenant's scope holds it.
    const rows = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, input.deviceIds), scope.where(devices.tenantId)));
    if (rows.length !== input.deviceIds.length) throw new BizError(CODE.deviceNotFound);
    const fee = await annualFee(tx);
    const settleAt = new Date(Date.now() + (provider ? FIRST_QUERY_MS : settleDelayMs(env)));
    const expiresAt = new Date(Date.now() + BILLING_LIMITS.payMinutes * 60_000);
    const [inserted] = await tx
      .insert(renewals)
      .values({
        number: sql`gen_random_uuid()::text`,
        tenantId: payer.tenantId,
        createdBy: payer.userId,
        months: input.months,
        annualFee: fee,
        deviceCount: rows.length,
        amount: renewalAmount(fee, input.months, rows.length),
        platform: input.platform,
        provider: provider?.name ?? null,
        settleAt,
        expiresAt,
      })
      .returning({ id: renewals.id });
    // The provider's answer (or the first query) is due at settleAt and the unpaid payment's end at expiresAt: a
    // job for each moment, queued with the renewal (rolled back with it).
    for (const runAt of [settleAt, expiresAt]) await enqueue(tx, SETTLE_JOB, {}, { runAt });
    // The number carries the id (RN, the business day, the id), so it is unique by construction.
    const [numbered] = await tx
      .update(renewals)
      .set({
        number: sql`'RN' || to_char(now() at time zone ${BUSINESS_ZONE}, 'YYYYMMDD') || lpad(${renewals.id}::text, 8, '0')`,
      })
      .where(eq(renewals.id, inserted!.id))
      .returning();
    await tx.insert(renewalDevices).values(rows.map((d) => ({ renewalId: inserted!.id, deviceId: d.id })));
    return numbered!;
  });
  if (provider) await openAtPlatform(db as Db, provider, made);
  return renewalInScope(db, scope, made.id);
}

/** The condition of a bill filter in the caller's scope (1401 for a tenant not in it). */
async function billWhere(db: Queryable, scope: Scope, f: BillFilter) {
  const byTenant = await tenantFilter(db, scope, renewals.tenantId, f.tenantId);
  return and(
    scope.where(renewals.tenantId),
    byTenant,
    f.number ? ilike(renewals.number, containsPattern(f.number)) : undefined,
    f.platform ? eq(renewals.platform, f.platform) : undefined,
    f.state ? eq(renewals.state, f.state) : undefined,
    f.invoice === 'none'
      ? sql`not exists (select 1 from invoices i where i.renewal_id = ${renewals.id})`
      : f.invoice
        ? sql`exists (select 1 from invoices i where i.renewal_id = ${renewals.id} and i.state = ${f.invoice})`
        : undefined,
    f.from ? gte(renewals.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(renewals.createdAt, new Date(f.to)) : undefined,
  );
}

/** Bills in the caller's scope, newest first. */
export async function billPage(db: Queryable, scope: Scope, query: PageQuery, f: BillFilter) {
  const where = await billWhere(db, scope, f);
  return paged(
    query,
    selectRenewals(db).where(where).orderBy(desc(renewals.createdAt), desc(renewals.id)),
    db.select({ total: count() }).from(renewals).where(where),
    toRenewalItem,
  );
}

/** The bills of a filter as an xlsx in the caller's language, at most BILL_EXPORT_MAX rows (a tenant has a few a year). */
export async function exportBills(db: Queryable, scope: Scope, f: BillFilter, lang: Lang) {
  const where = await billWhere(db, scope, f);
  const rows = (
    await selectRenewals(db).where(where).orderBy(desc(renewals.createdAt), desc(renewals.id)).limit(BILL_EXPORT_MAX)
  ).map(toRenewalItem);
  const l = billingTexts[lang];
  // English says "1 device"; the Chinese texts have no singular.
  const service = (count: number, months: number) =>
    ((count === 1 ? (l.bills as { serviceName_one?: string }).serviceName_one : undefined) ?? l.bills.serviceName)
      .replace('{{count}}', String(count))
      .replace('{{months}}', String(months));
  const cells = rows.map((b): Cell[] => [
    b.number,
    service(b.deviceCount, b.months),
    b.amount / 100,
    l.renew.platforms[b.platform],
    formatTime(b.paidAt ?? b.createdAt),
    l.bills.states[b.state],
    b.invoice
      ? `${l.invoice.states[b.invoice.state]}${b.invoice.trackingNumber ? ` ${b.invoice.trackingNumber}` : ''}`
      : '',
    b.tenantName,
  ]);
  const header = [
    l.bills.number,
    l.bills.service,
    l.bills.amount,
    l.bills.platform,
    l.bills.date,
    l.bills.state,
    l.invoice.column,
    commonTexts[lang].common.tenant,
  ];
  const bytes = await xlsxBytes(l.bills.sheet, header, cells);
  return {
    name: `${l.bills.sheet}-${formatTime(new Date()).slice(0, 10)}.xlsx`,
    data: bytes.toString('base64'),
    rows: rows.length,
  };
}

/** A device's paid renewals, newest first, with its expiry before and after each; 1201 for a device not the caller's. */
export async function deviceHistory(db: Queryable, scope: Scope, deviceId: number) {
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), scope.where(devices.tenantId)));
  if (!device) throw new BizError(CODE.deviceNotFound);
  const rows = await db
    .select({ ...renewalColumns, expiryBefore: renewalDevices.expiryBefore, expiryAfter: renewalDevices.expiryAfter })
    .from(renewalDevices)
    .innerJoin(renewals, eq(renewals.id, renewalDevices.renewalId))
    .innerJoin(tenants, eq(tenants.id, renewals.tenantId))
    .leftJoin(invoices, eq(invoices.renewalId, renewals.id))
    .where(and(eq(renewalDevices.deviceId, deviceId), eq(renewals.state, 'paid'), scope.where(renewals.tenantId)))
    .orderBy(desc(renewals.paidAt));
  return rows.map(({ expiryBefore, expiryAfter, ...r }) => ({
    ...toRenewalItem(r),
    expiryBefore: iso(expiryBefore),
    expiryAfter: iso(expiryAfter),
  }));
}

export interface FeeDeviceFilter {
  keyword?: string | undefined;
  soon?: boolean | undefined;
  tenantId?: number | undefined;
}

/** Service fee management: the caller's devices in service, those ending within 30 days (or ended) first, then by expiry. */
export async function feeDevicePage(db: Queryable, scope: Scope, query: PageQuery, f: FeeDeviceFilter) {
  const byTenant = await tenantFilter(db, scope, devices.tenantId, f.tenantId);
  // A device never activated has no service to end: it is not among them, and comes last.
  // Ending within 30 days (30 left or fewer) as daysLeft counts them, on the business calendar: a badge and its "30 days" agree.
  const businessDate = (at: SQL) => sql`(${at} at time zone ${BUSINESS_TIME_ZONE})::date`;
  const soon = sql<boolean>`coalesce(${businessDate(sql`${devices.serviceExpiry}`)} <= ${businessDate(sql`now()`)} + ${BILLING_LIMITS.soonDays}::int, false)`;
  const where = and(
    scope.where(devices.tenantId),
    sql`${devices.tenantId} is not null`,
    sql`${devices.allocation} <> 'recycled'`,
    byTenant,
    f.keyword
      ? or(ilike(devices.name, containsPattern(f.keyword)), ilike(devices.serial, containsPattern(f.keyword)))
      : undefined,
    f.soon ? soon : undefined,
  ) as SQL;
  const rows = db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      tenantName: tenants.name,
      pointName: points.name,
      serviceExpiry: devices.serviceExpiry,
      soon,
      renewals: sql<number>`(select count(*)::int from renewal_devices rd join renewals r on r.id = rd.renewal_id where rd.device_id = ${devices.id} and r.state = 'paid')`,
    })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .leftJoin(points, eq(points.id, devices.pointId))
    .where(where)
    .orderBy(desc(soon), sql`${devices.serviceExpiry} asc nulls last`, asc(devices.id));
  return paged(query, rows, db.select({ total: count() }).from(devices).where(where), (r) => ({
    ...r,
    serviceExpiry: iso(r.serviceExpiry),
    daysLeft: r.serviceExpiry ? daysLeft(r.serviceExpiry) : null,
  }));
}
