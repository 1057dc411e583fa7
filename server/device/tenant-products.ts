/** The products a tenant may name (in a behaviour group's conditions, an activity's products): those it keeps, and those its machines stock. */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { products } from '../product/schema.js';
import { deviceChannels } from './schema.js';

export const tenantProducts = (tenantId: number): SQL =>
  or(
    eq(products.tenantId, tenantId),
    sql`${products.id} in (select ${deviceChannels.productId} from ${deviceChannels} where ${deviceChannels.tenantId} = ${tenantId})`,
  )!;
