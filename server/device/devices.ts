/**
 * Devices (spec §2 deviceList, devSet): the list with every filter, a device's
 * settings, locking. Every lookup goes through the caller's scope: another
 * tenant's device answers like a missing one (1201).
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import type { ApiInput } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { RequestValidationError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { Scope } from '../scope.js';
import { publishDeviceEvents } from './events.js';
import { checkFilterIds, deviceDetailInScope, lockDevices, selectDevices, toDeviceItem } from './queries.js';
import { devices } from './schema.js';

/** Where a scanned device QR code leads (QR_BASE_URL): the purchase page of the mini program or H5 site in front of this upstream. */
const qrBase = () => (process.env.QR_BASE_URL?.trim() || 'https://m.vend.example/d').replace(/\/+$/, '');

/** The device list with every filter (spec §2 deviceList); another tenant's point or tenant in a filter: 1401/1201. */
export async function devicePage(db: Queryable, scope: Scope, query: PageQuery, body: ApiInput<'device.page'>['body']) {
  const { keyword, pointId, bound, tenantId } = body;
  await checkFilterIds(db, scope, pointId, tenantId);
  const where = and(
    scope.whereDevice(devices.tenantId, devices.id),
    keyword
      ? or(ilike(devices.name, containsPattern(keyword)), ilike(devices.serial, containsPattern(keyword)))
      : undefined,
    pointId !== undefined ? eq(devices.pointId, pointId) : undefined,
    bound === true ? isNotNull(devices.pointId) : bound === false ? isNull(devices.pointId) : undefined,
    tenantId !== undefined ? eq(devices.tenantId, tenantId) : undefined,
    body.type ? eq(devices.type, body.type) : undefined,
    body.model ? ilike(devices.model, containsPattern(body.model)) : undefined,
    body.allocation ? eq(devices.allocation, body.allocation) : undefined,
    body.online !== undefined ? eq(devices.online, body.online) : undefined,
    body.activated !== undefined ? eq(devices.activated, body.activated) : undefined,
    body.locked !== undefined ? eq(devices.locked, body.locked) : undefined,
    body.authorised !== undefined ? eq(devices.authorised, body.authorised) : undefined,
    body.inPool === true ? isNull(devices.tenantId) : body.inPool === false ? isNotNull(devices.tenantId) : undefined,
    // By the end of that day, in China time (the console's business day).
    body.expiresBy ? lte(devices.serviceExpiry, new Date(`${body.expiresBy}T23:59:59.999+08:00`)) : undefined,
  );
  return paged(
    query,
    selectDevices(db).where(where).orderBy(asc(devices.serial)),
    db.select({ total: count() }).from(devices).where(where),
    toDeviceItem,
  );
}

/** One device's settings (spec §2 devSet); the warning value stays below what a channel holds. */
export async function saveDeviceSettings(
  db: Queryable,
  scope: Scope,
  id: number,
  body: ApiInput<'device.settings'>['body'],
) {
  const current = await deviceDetailInScope(db, scope, id);
  // A warning below what a channel can hold: at or above it, every channel would warn when full.
  if (body.warningValue >= Math.max(current.capacity, 1))
    throw new RequestValidationError({ warningValue: 'device.validation.warningCapacity' });
  await db
    .update(devices)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(devices.id, current.id));
  return deviceDetailInScope(db, scope, current.id);
}

/** What a device's QR code says: the purchase page for its serial. */
export async function deviceQrCode(db: Queryable, scope: Scope, id: number) {
  const device = await deviceDetailInScope(db, scope, id);
  return { serial: device.serial, content: `${qrBase()}/${encodeURIComponent(device.serial)}` };
}

/** The same settings for several devices at once, all or none. */
export function saveSettingsBulk(db: Queryable, scope: Scope, body: ApiInput<'device.settingsBulk'>['body']) {
  return db.transaction(async (tx) => {
    const { unique, rows } = await lockDevices(tx, scope, body.ids);
    const { notifications, ...values } = body.patch;
    // As one device's settings: a warning below what a channel holds (devices without channels warn of nothing).
    if (values.warningValue !== undefined && rows.some((d) => d.capacity > 0 && values.warningValue! >= d.capacity)) {
      throw new RequestValidationError({ 'patch.warningValue': 'device.validation.warningCapacity' });
    }
    const set = {
      ...values,
      ...(notifications && Object.keys(notifications).length
        ? { notifications: sql`${devices.notifications} || ${JSON.stringify(notifications)}::jsonb` }
        : {}),
    };
    // Nothing given, nothing to write (an UPDATE without a column is no statement).
    if (Object.keys(set).length)
      await tx
        .update(devices)
        .set({ ...set, updatedAt: new Date() })
        .where(inArray(devices.id, unique));
    return { changed: Object.keys(set).length ? rows.length : 0 };
  });
}

/** Lock or unlock devices; each change a live event. */
export function lockDevicesTo(db: Queryable, scope: Scope, userId: number, body: ApiInput<'device.lock'>['body']) {
  return db.transaction(async (tx) => {
    const { unique, rows } = await lockDevices(tx, scope, body.ids);
    const changed = await tx
      .update(devices)
      .set({ locked: body.locked, updatedAt: new Date() })
      .where(and(inArray(devices.id, unique), eq(devices.locked, !body.locked)))
      .returning({ id: devices.id });
    await publishDeviceEvents(
      tx,
      changed.map((d) => d.id),
      body.locked ? 'locked' : 'unlocked',
      {},
      userId,
    );
    return { changed: rows.length };
  });
}
