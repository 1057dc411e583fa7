/** A tenant's quiet threshold for the dashboard's alerts: the caller's own tenant (a member's, its tenant's), not inherited. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';
import { alertSettings } from './schema.js';

export async function alertSettingsOf(db: Db, user: AuthUser) {
  const [row] =
    user.tenantId === null
      ? []
      : await db
          .select({ quietHours: alertSettings.quietHours })
          .from(alertSettings)
          .where(eq(alertSettings.tenantId, user.tenantId));
  return { quietHours: row?.quietHours ?? null };
}

export async function saveAlertSettings(db: Db, user: AuthUser, quietHours: number | null) {
  const tenantId = user.tenantId!;
  await db
    .insert(alertSettings)
    .values({ tenantId, quietHours })
    .onConflictDoUpdate({ target: alertSettings.tenantId, set: { quietHours } });
  return { quietHours };
}
