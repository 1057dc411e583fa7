/**
 * Invoice applications (spec §2 bill, §4 four steps): apply for a paid bill's
 * invoice once, remember the info for next time, the admin's progress marks,
 * and the record a finance clerk keeps (xlsx: server/http/xlsx.ts). Every
 * lookup goes through the caller's scope: another tenant's application
 * answers as a missing one (989).
 */
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { billingTexts, type InvoiceItem, type InvoiceState } from '../../shared/billing/index.js';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { ApiInput } from '../../shared/domains.js';
import type { Queryable, Tx } from '../db/index.js';
import { containsPattern, pgErrorCode, UNIQUE_VIOLATION } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { xlsxBytes } from '../http/xlsx.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { invoiceProfiles, invoices, renewals } from './schema.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const selectInvoices = (db: Queryable) =>
  db
    .select({
      id: invoices.id,
      renewalId: invoices.renewalId,
      number: renewals.number,
      tenantId: invoices.tenantId,
      tenantName: tenants.name,
      amount: renewals.amount,
      state: invoices.state,
      invoice: invoices.invoice,
      receipt: invoices.receipt,
      trackingNumber: invoices.trackingNumber,
      createdAt: invoices.createdAt,
      issuedAt: invoices.issuedAt,
      mailedAt: invoices.mailedAt,
    })
    .from(invoices)
    .innerJoin(renewals, eq(renewals.id, invoices.renewalId))
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId));
type InvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

const toInvoiceItem = (r: InvoiceRow): InvoiceItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  issuedAt: iso(r.issuedAt),
  mailedAt: iso(r.mailedAt),
});

export async function invoiceInScope(db: Queryable, scope: Scope, id: number): Promise<InvoiceItem> {
  const [row] = await selectInvoices(db).where(and(eq(invoices.id, id), scope.where(invoices.tenantId)));
  if (!row) throw new BizError(CODE.invoiceNotFound);
  return toInvoiceItem(row);
}

export async function invoiceProfileOf(db: Queryable, tenantId: number) {
  const [row] = await db
    .select({ invoice: invoiceProfiles.invoice, receipt: invoiceProfiles.receipt })
    .from(invoiceProfiles)
    .where(eq(invoiceProfiles.tenantId, tenantId));
  return row ?? { invoice: null, receipt: null };
}

/** Applies for a paid bill's invoice (986 unpaid, 987 already applied for), and remembers the info as the tenant's. */
export async function applyInvoice(
  db: Queryable,
  scope: Scope,
  applicant: { tenantId: number; userId: number },
  body: ApiInput<'billing.applyInvoice'>['body'],
) {
  return (db as Tx).transaction(async (tx) => {
    const [bill] = await tx
      .select({ id: renewals.id, tenantId: renewals.tenantId, state: renewals.state })
      .from(renewals)
      .where(and(eq(renewals.id, body.renewalId), scope.where(renewals.tenantId)))
      .for('update');
    if (!bill) throw new BizError(CODE.renewalNotFound);
    if (bill.state !== 'paid') throw new BizError(CODE.billNotPaid);
    const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.renewalId, bill.id));
    if (taken) throw new BizError(CODE.billInvoiced);
    const info = { invoice: body.invoice, receipt: body.receipt };
    let id: number;
    try {
      const [made] = await tx
        .insert(invoices)
        .values({ renewalId: bill.id, tenantId: bill.tenantId, createdBy: applicant.userId, ...info })
        .returning({ id: invoices.id });
      id = made!.id;
    } catch (error) {
      // Two applications at once: the unique bill lets one in, the other is told as if it came second.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new BizError(CODE.billInvoiced);
      throw error;
    }
    await tx
      .insert(invoiceProfiles)
      .values({ tenantId: applicant.tenantId, ...info })
      .onConflictDoUpdate({ target: invoiceProfiles.tenantId, set: { ...info, updatedAt: sql`now()` } });
    return invoiceInScope(tx, scope, id);
  });
}

export async function invoicePage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  f: { state?: InvoiceState | undefined; number?: string | undefined; tenantId?: number | undefined },
) {
  const byTenant = await tenantFilter(db, scope, invoices.tenantId, f.tenantId);
  const where = and(
    scope.where(invoices.tenantId),
    byTenant,
    f.state ? eq(invoices.state, f.state) : undefined,
    f.number ? ilike(renewals.number, containsPattern(f.number)) : undefined,
  );
  return paged(
    query,
    selectInvoices(db).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)),
    db.select({ total: count() }).from(invoices).innerJoin(renewals, eq(renewals.id, invoices.renewalId)).where(where),
    toInvoiceItem,
  );
}

/** applied → issued → mailed, each once: the row moves only from the state before (988 otherwise, 989 for none). */
export async function markInvoice(
  db: Queryable,
  scope: Scope,
  id: number,
  mark: ApiInput<'billing.markInvoice'>['body'],
) {
  const from = mark.state === 'issued' ? 'applied' : 'issued';
  const [moved] = await db
    .update(invoices)
    .set(
      mark.state === 'issued'
        ? { state: 'issued', issuedAt: sql`now()` }
        : { state: 'mailed', mailedAt: sql`now()`, trackingNumber: mark.trackingNumber },
    )
    .where(and(eq(invoices.id, id), eq(invoices.state, from), scope.where(invoices.tenantId)))
    .returning({ id: invoices.id });
  if (!moved) {
    await invoiceInScope(db, scope, id);
    throw new BizError(CODE.invoiceState);
  }
  return invoiceInScope(db, scope, id);
}

/** The application as a two-column sheet (what, value) in the caller's language. */
export async function invoiceRecord(db: Queryable, scope: Scope, id: number, lang: Lang) {
  const item = await invoiceInScope(db, scope, id);
  const l = billingTexts[lang].record;
  const rows: [string, string][] = [
    [l.bill, item.number],
    [l.amount, formatYuan(item.amount)],
    [l.tenant, item.tenantName],
    [l.state, billingTexts[lang].invoice.states[item.state]],
    [l.appliedAt, formatTime(item.createdAt)],
    [l.trackingNumber, item.trackingNumber ?? ''],
    [l.company, item.invoice.company],
    [l.companyPhone, item.invoice.phone],
    [l.taxCode, item.invoice.taxCode],
    [l.bankAccount, item.invoice.bankAccount],
    [l.bankName, item.invoice.bankName],
    [l.companyAddress, item.invoice.address],
    [l.receiver, item.receipt.receiver],
    [l.receiverPhone, item.receipt.phone],
    [l.receiverAddress, item.receipt.address],
  ];
  const bytes = await xlsxBytes(l.sheet, [l.field, l.value], rows);
  return { name: `${l.file}-${item.number}.xlsx`, data: bytes.toString('base64') };
}
