/**
 * Enterprise staff (shared/customer/staff.ts). A card id has one holder
 * among a tenant's customers (the machine's reader gives the card, the
 * machine's tenant finds the holder): checked for a clear 806, the unique
 * index kept as the truth under a race. An enterprise account manages its
 * own staff, and names no customer.
 */
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { CustomerStaffInput, CustomerStaffItem } from '../../shared/customer/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError, RequestValidationError, uniqueAs } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { customerTenant, reach } from './customers.js';
import { customers, customerStaff } from './schema.js';

const columns = {
  id: customerStaff.id,
  customerId: customerStaff.customerId,
  customerName: customers.name,
  name: customerStaff.name,
  position: customerStaff.position,
  cardId: customerStaff.cardId,
  phone: customerStaff.phone,
  remark: customerStaff.remark,
  createdAt: customerStaff.createdAt,
};
const select = (db: Queryable) =>
  db.select(columns).from(customerStaff).innerJoin(customers, eq(customers.id, customerStaff.customerId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): CustomerStaffItem => ({
  ...r,
  position: r.position ?? '',
  remark: r.remark ?? '',
  createdAt: r.createdAt.toISOString(),
});

/** The customer a call acts for: the one named (reached), or an enterprise account's own; others must name one. */
export async function actingCustomer(db: Queryable, user: AuthUser, scope: Scope, customerId: number | undefined) {
  if (customerId !== undefined) return customerTenant(db, user, scope, customerId);
  if (user.kind !== 'enterprise') throw new RequestValidationError({ customerId: 'customer.validation.customer' });
  const [own] = await db
    .select({ id: customers.id, tenantId: customers.tenantId })
    .from(customers)
    .where(eq(customers.userId, user.id));
  if (!own) throw new BizError(CODE.customerNotFound);
  return own;
}

export async function customerStaffPage(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  query: PageQuery,
  filter: { customerId?: number | undefined; keyword?: string | undefined },
) {
  if (filter.customerId !== undefined) await customerTenant(db, user, scope, filter.customerId);
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where: SQL | undefined = and(
    reach(user, scope),
    filter.customerId !== undefined ? eq(customerStaff.customerId, filter.customerId) : undefined,
    like
      ? or(ilike(customerStaff.name, like), ilike(customerStaff.cardId, like), ilike(customerStaff.phone, like))
      : undefined,
  );
  const counted = db
    .select({ total: count() })
    .from(customerStaff)
    .innerJoin(customers, eq(customers.id, customerStaff.customerId))
    .where(where);
  return paged(
    query,
    select(db).where(where).orderBy(desc(customerStaff.createdAt), desc(customerStaff.id)),
    counted,
    toItem,
  );
}

export async function customerStaffOf(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  id: number,
): Promise<CustomerStaffItem> {
  const [row] = await select(db).where(and(eq(customerStaff.id, id), reach(user, scope)));
  if (!row) throw new BizError(CODE.customerStaffNotFound);
  return toItem(row);
}

const values = (body: CustomerStaffInput) => ({
  name: body.name,
  position: body.position || null,
  cardId: body.cardId,
  phone: body.phone,
  remark: body.remark || null,
});

async function cardFree(db: Queryable, tenantId: number, cardId: string, except?: number) {
  const [held] = await db
    .select({ id: customerStaff.id })
    .from(customerStaff)
    .where(
      and(
        eq(customerStaff.tenantId, tenantId),
        eq(customerStaff.cardId, cardId),
        except !== undefined ? ne(customerStaff.id, except) : undefined,
      ),
    );
  if (held) throw new BizError(CODE.cardIdTaken);
}

export async function createCustomerStaff(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: CustomerStaffInput & { customerId?: number | undefined },
) {
  const customer = await actingCustomer(db, user, scope, body.customerId);
  await cardFree(db, customer.tenantId, body.cardId);
  const [row] = await uniqueAs(CODE.cardIdTaken, () =>
    db
      .insert(customerStaff)
      .values({ ...values(body), customerId: customer.id, tenantId: customer.tenantId })
      .returning({ id: customerStaff.id }),
  );
  return customerStaffOf(db, user, scope, row!.id);
}

export async function updateCustomerStaff(db: Db, user: AuthUser, scope: Scope, id: number, body: CustomerStaffInput) {
  await customerStaffOf(db, user, scope, id);
  const [row] = await db
    .select({ tenantId: customerStaff.tenantId })
    .from(customerStaff)
    .where(eq(customerStaff.id, id));
  await cardFree(db, row!.tenantId, body.cardId, id);
  await uniqueAs(CODE.cardIdTaken, () => db.update(customerStaff).set(values(body)).where(eq(customerStaff.id, id)));
  return customerStaffOf(db, user, scope, id);
}

export async function deleteCustomerStaff(db: Db, user: AuthUser, scope: Scope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: customerStaff.id })
      .from(customerStaff)
      .innerJoin(customers, eq(customers.id, customerStaff.customerId))
      .where(and(inArray(customerStaff.id, unique), reach(user, scope)))
      .orderBy(customerStaff.id)
      .for('update', { of: customerStaff });
    if (found.length !== unique.length) throw new BizError(CODE.customerStaffNotFound);
    const gone = await tx
      .delete(customerStaff)
      .where(inArray(customerStaff.id, unique))
      .returning({ id: customerStaff.id });
    return { deleted: gone.length };
  });
}
