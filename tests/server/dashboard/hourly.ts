/** Shapes a device's last week in the sales rollups for the alert tests. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.js';

/** The device's hour rows of the last week replaced by one sale every hour from about 7 days ago until `hoursAgo` hours ago. */
export async function sellsHourlyUntil(db: Db, deviceId: number, tenantId: number, hoursAgo: number) {
  await db.execute(
    sql`delete from sales_rollups where device_id = ${deviceId} and grain = 'hour' and bucket >= now() at time zone 'Asia/Shanghai' - interval '8 days'`,
  );
  await db.execute(sql`
    insert into sales_rollups (tenant_id, grain, bucket, device_id, product_id, orders, quantity, sales, refunds)
    select ${tenantId}, 'hour', h, ${deviceId}, 0, 1, 0, 300, 0
    from generate_series(date_trunc('hour', now() at time zone 'Asia/Shanghai') - interval '160 hours',
      date_trunc('hour', now() at time zone 'Asia/Shanghai') - ${`${hoursAgo} hours`}::interval, interval '1 hour') h`);
}
