/** A staff card as a machine of a tenant reads it. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { customers, customerStaff } from './schema.js';

export interface CardHolder {
  id: number;
  name: string;
  phone: string;
  cardId: string;
  customerName: string;
}

/** The holder of a card among the tenant's enterprise customers, while the customer is not disabled. */
export async function customerStaffByCard(db: Queryable, tenantId: number, cardId: string): Promise<CardHolder | undefined> {
  const [holder] = await db.select({ id: customerStaff.id, name: customerStaff.name, phone: customerStaff.phone, cardId: customerStaff.cardId, customerName: customers.name })
    .from(customerStaff).innerJoin(customers, eq(customers.id, customerStaff.customerId))
    .where(and(eq(customerStaff.tenantId, tenantId), eq(customerStaff.cardId, cardId), eq(customers.state, 'normal')))
    .limit(1);
  return holder;
}
