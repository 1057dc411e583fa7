/** Points (locations) and binding devices to them (spec §2 pointMent, §5 rules). */
import { z } from 'zod';
import { endpoint, page, pageQuery, ref, refParams, str, text, isoTime, empty } from '../api/define.js';
import { deviceItem } from '../device/index.js';
import { regionCode } from '../regions.js';

export const POINT_LIMITS = { name: 30, address: 100 } as const;

export const pointForm = z.object({
  name: text(POINT_LIMITS.name),
  /** The district (a division without subdivisions, shared/point/regions.ts); the upstream names it. */
  areaCode: regionCode,
  address: text(POINT_LIMITS.address),
});
export type PointForm = z.infer<typeof pointForm>;

export const pointItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The names of the area from the province down (广东省 广州市 天河区). */
  area: z.string(),
  areaCode: z.string(),
  address: z.string(),
  deviceCount: z.number().int(),
  /** Its store staff (spec §3 Employee: a store is a point), by name: the members bound to it. */
  staff: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
});
export type PointItem = z.infer<typeof pointItem>;

export const pointFilter = z.object({
  name: str().trim().max(POINT_LIMITS.name).optional(),
  /** A division of any level: the points inside it. */
  areaCode: regionCode.optional(),
});

export const deviceIds = z.object({ deviceIds: z.array(ref('device')).min(1).max(200) });

/** `{ id }` of a point in the path. */
const pointParams = refParams('point');

const pointRead = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '3-1' } as const;
/** Codes map to screens: 3-1 is the point list (with its create/edit/delete), 3-2 bind/unbind. */
const pointBind = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '3-2' } as const;

export const pointApi = {
  'point.page': endpoint({
    method: 'POST',
    path: '/point/page',
    summary:
      'Points visible to the caller, filtered by name and by an area of any level (province, city, district code).',
    query: pageQuery,
    body: pointFilter,
    content: page(pointItem),
    access: pointRead,
  }),
  'point.info': endpoint({
    method: 'GET',
    path: '/point/info/:id',
    summary: 'One point with its bound devices.',
    params: pointParams,
    content: pointItem.extend({ devices: z.array(deviceItem) }),
    access: pointRead,
  }),
  'point.create': endpoint({
    method: 'POST',
    path: '/point',
    summary: 'Create a point; a system admin must name the tenant (1402).',
    body: pointForm.extend({ tenantId: ref('tenant').optional() }),
    content: pointItem,
    access: pointRead,
  }),
  'point.update': endpoint({
    method: 'PUT',
    path: '/point/:id',
    summary: 'Rename or move a point.',
    params: pointParams,
    body: pointForm,
    content: pointItem,
    access: pointRead,
  }),
  'point.delete': endpoint({
    method: 'DELETE',
    path: '/point/:id',
    summary: 'Delete a point; refused with 1411 while devices are bound to it.',
    params: pointParams,
    content: empty,
    access: pointRead,
    contended: 'a point with devices is never deleted; a device never names a deleted point',
  }),
  'point.bind': endpoint({
    method: 'PUT',
    path: '/point/bind/:id',
    summary: 'Bind devices to a point; a device bound elsewhere is refused (1412).',
    params: pointParams,
    body: deviceIds,
    content: empty,
    access: pointBind,
    contended: 'a device is on one point at most, of its own tenant',
  }),
  'point.unbind': endpoint({
    method: 'PUT',
    path: '/point/unbind/:id',
    summary: 'Unbind devices from a point.',
    params: pointParams,
    body: deviceIds,
    content: empty,
    access: pointBind,
    contended: 'a device is unbound once, and bound elsewhere only after it',
  }),
} as const;
