/**
 * Machine credentials for the device-facing API (ARCHITECTURE §11). Activation
 * issues a secret of 32 random bytes, answered once and stored only as its
 * SHA-256: with that much entropy a plain hash cannot be guessed back, so no
 * slow password hash is needed and each request costs one digest. A machine
 * signs with HTTP Basic `serial:secret`; every request counts against its
 * per-device window in the database, so several upstream instances allow
 * what one would.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { DeviceCaller, DeviceRateLimit } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { deviceRateLimits, devices } from './schema.js';

/** A heartbeat every 30 s, a stock report and a few sales a minute fit with room to spare. */
export const DEFAULT_DEVICE_LIMIT: DeviceRateLimit = { requests: 120, windowMs: 60_000 };

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * The demo machines' secrets, derived from their serials so that the
 * simulator (a separate process, possibly) can sign as them without a copy of
 * anything: demo data only. A real device gets a random secret at activation.
 */
export const demoSecret = (serial: string) =>
  createHmac('sha256', 'vend-demo-device').update(serial).digest('base64url');

export const secretHashOf = (secret: string) => digest(secret).toString('hex');

/**
 * A demo database made before machines had secrets: its activated demo
 * machines that have none get their derived demo secret, so the simulator can
 * sign as them. Only the demo's serials, only where no secret was ever issued.
 */
export async function ensureDemoSecrets(db: Db, serials: readonly string[]): Promise<number> {
  const missing = await db
    .select({ serial: devices.serial })
    .from(devices)
    .where(and(inArray(devices.serial, [...serials]), isNull(devices.secretHash), eq(devices.activated, true)));
  for (const { serial } of missing) {
    await db
      .update(devices)
      .set({ secretHash: secretHashOf(demoSecret(serial)) })
      .where(and(eq(devices.serial, serial), isNull(devices.secretHash)));
  }
  return missing.length;
}

/** Activates a device in scope (or replaces its secret): the new secret, to be shown once. */
export async function issueSecret(db: Queryable, scope: Scope, id: number) {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .update(devices)
    .set({ secretHash: secretHashOf(secret), activated: true, updatedAt: new Date() })
    .where(and(eq(devices.id, id), scope.whereDevice(devices.tenantId, devices.id)))
    .returning({ serial: devices.serial, activatedAt: devices.updatedAt });
  if (!row) throw new BizError(CODE.deviceNotFound);
  return { serial: row.serial, secret, activatedAt: row.activatedAt.toISOString() };
}

function basic(authorization: string | undefined): { serial: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { serial: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The machine of a request's credentials within its rate limit; 1202 for bad credentials, 1203 past the limit. */
export async function deviceCaller(
  db: Db,
  authorization: string | undefined,
  limit: DeviceRateLimit,
): Promise<DeviceCaller> {
  const credentials = basic(authorization);
  if (!credentials || credentials.serial.length > 64) throw new BizError(CODE.deviceCredentials);
  const [device] = await db
    .select({ id: devices.id, tenantId: devices.tenantId, serial: devices.serial, secretHash: devices.secretHash })
    .from(devices)
    .where(eq(devices.serial, credentials.serial));
  const expected = device?.secretHash ? Buffer.from(device.secretHash, 'hex') : undefined;
  if (!device || !expected || expected.length !== 32 || !timingSafeEqual(expected, digest(credentials.secret))) {
    throw new BizError(CODE.deviceCredentials);
  }
  await countRequest(db, device.id, limit);
  return { id: device.id, tenantId: device.tenantId, serial: device.serial };
}

/** One atomic upsert: a window that has run out starts again at one. */
async function countRequest(db: Db, deviceId: number, limit: DeviceRateLimit) {
  const t = deviceRateLimits;
  const expired = sql`${t.windowStart} <= now() - make_interval(secs => ${limit.windowMs / 1000}::double precision)`;
  const [row] = await db
    .insert(t)
    .values({ deviceId })
    .onConflictDoUpdate({
      target: t.deviceId,
      set: {
        requests: sql`case when ${expired} then 1 else ${t.requests} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${t.windowStart} end`,
      },
    })
    .returning({ requests: t.requests, windowStart: t.windowStart });
  if (row && row.requests > limit.requests) {
    const retryAfter = Math.max(1, Math.ceil((row.windowStart.getTime() + limit.windowMs - Date.now()) / 1000));
    throw new BizError(CODE.deviceTooManyRequests, undefined, undefined, { retryAfter });
  }
}
