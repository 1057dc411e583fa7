/**
 * What the console asks before an export: whether the filter fits a
 * real-time export (977 beyond 1000 orders, spec §5, §9), and an e-mail
 * export queued for the one job runner (export-jobs.ts).
 */
import { CODE } from '../../shared/domains.js';
import { EXPORT_LIMITS } from '../../shared/order/index.js';
import type { Api } from '../../shared/domains.js';
import type { Db } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Scope } from '../scope.js';
import { queueExport } from './export-jobs.js';
import { orderCount, orderWhere } from './queries.js';

export async function checkRealTimeExport(
  db: Db,
  scope: Scope,
  filter: HandlerInput<Api['order.exportCheck']>['body'],
) {
  const { total, capped } = await orderCount(db, scope, filter);
  if (capped || total > EXPORT_LIMITS.realTime) throw new BizError(CODE.exportTooLarge);
  return { total };
}

/** The filter's ids are checked now, not when the job runs. */
export async function requestMailExport(
  db: Db,
  scope: Scope,
  userId: number,
  body: HandlerInput<Api['order.exportMail']>['body'],
) {
  await orderWhere(db, scope, body.filter);
  return queueExport(db, userId, body);
}
