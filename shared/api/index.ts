/** The whole upstream API table: operation name → endpoint. */
import type { ContentOf, InputOf } from './define.js';
import { account } from './account.js';
import { tenant } from './tenant.js';
import { staff } from './staff.js';
import { device } from './device.js';
import { point } from './point.js';

export const api = { ...account, ...tenant, ...staff, ...device, ...point } as const;

export type Api = typeof api;
export type ApiOp = keyof Api;
export type ApiInput<K extends ApiOp> = InputOf<Api[K]>;
export type ApiContent<K extends ApiOp> = ContentOf<Api[K]>;

export * from './define.js';
