/** The prices machines took, per channel: who changed them and when each machine applied them. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { users } from '../account/schema.js';
import type { Db } from '../db/index.js';
import { devices } from '../device/index.js';
import { paged } from '../http/paged.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { checkFilter } from './changes.js';
import { priceChangeChannels as pc, priceChangeDevices as d, priceChanges as c } from './schema.js';

export async function priceHistory(
  db: Db,
  scope: Scope,
  paging: PageQuery,
  body: { tenantId?: number | undefined; deviceId?: number | undefined; productId?: number | undefined },
) {
  await checkFilter(db, scope, body);
  const where: SQL | undefined = and(
    scope.where(c.tenantId),
    scope.device(pc.deviceId),
    await tenantFilter(db, scope, c.tenantId, body.tenantId),
    body.deviceId === undefined ? undefined : eq(pc.deviceId, body.deviceId),
    body.productId === undefined ? undefined : eq(pc.productId, body.productId),
  );
  return paged(
    paging,
    db
      .select({
        changeId: c.id,
        deviceId: pc.deviceId,
        deviceName: devices.name,
        serial: devices.serial,
        productId: pc.productId,
        productName: products.name,
        channel: pc.channel,
        oldPrice: pc.oldPrice,
        price: pc.price,
        oldStaffPrice: pc.oldStaffPrice,
        customerStaffPrice: pc.customerStaffPrice,
        createdBy: users.username,
        createdAt: c.createdAt,
        appliedAt: pc.appliedAt,
      })
      .from(pc)
      .innerJoin(d, eq(d.id, pc.partId))
      .innerJoin(c, eq(c.id, d.changeId))
      .innerJoin(devices, eq(devices.id, pc.deviceId))
      .innerJoin(products, eq(products.id, pc.productId))
      .leftJoin(users, eq(users.id, c.createdBy))
      .where(where)
      .orderBy(desc(pc.appliedAt), desc(pc.partId), pc.channel),
    db
      .select({ total: count() })
      .from(pc)
      .innerJoin(d, eq(d.id, pc.partId))
      .innerJoin(c, eq(c.id, d.changeId))
      .where(where),
    (row) => ({ ...row, createdAt: row.createdAt.toISOString(), appliedAt: row.appliedAt.toISOString() }),
  );
}
