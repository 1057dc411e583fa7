/** A staff card as a machine reads it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { customerPoints, customers, customerStaff } from './schema.js';
import { tenants } from '../identity/schema.js';

export interface CardHolder {
  id: number;
  customerId: number;
  name: string;
  phone: string;
  cardId: string;
  customerName: string;
}

/**
 * The holder of a card at a machine of `tenantId` standing at `pointId`,
 * while its customer is not disabled. A customer with bound points is
 * honoured at those (its tenant's or that tenant's second-level tenants');
 * one with none at its own tenant's machines. A card of the machine's own
 * tenant wins over one of its parent's.
 */
export async function customerStaffByCard(
  db: Queryable,
  tenantId: number,
  pointId: number | null,
  cardId: string,
): Promise<CardHolder | undefined> {
  const parent = sql`(select ${tenants.parentId} from ${tenants} where ${tenants.id} = ${tenantId})`;
  const bound = sql`exists (select 1 from ${customerPoints} b where b.customer_id = ${customers.id})`;
  const here =
    pointId === null
      ? sql`false`
      : sql`exists (select 1 from ${customerPoints} b where b.customer_id = ${customers.id} and b.point_id = ${pointId})`;
  const [holder] = await db
    .select({
      id: customerStaff.id,
      customerId: customers.id,
      name: customerStaff.name,
      phone: customerStaff.phone,
      cardId: customerStaff.cardId,
      customerName: customers.name,
    })
    .from(customerStaff)
    .innerJoin(customers, eq(customers.id, customerStaff.customerId))
    .where(
      and(
        eq(customerStaff.cardId, cardId),
        sql`${customerStaff.tenantId} in (${tenantId}, ${parent})`,
        eq(customers.state, 'normal'),
        sql`case when ${bound} then ${here} else ${customers.tenantId} = ${tenantId} end`,
      ),
    )
    .orderBy(sql`${customerStaff.tenantId} = ${tenantId} desc`)
    .limit(1);
  return holder;
}
