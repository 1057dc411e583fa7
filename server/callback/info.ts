/**
 * The info request (`callback.info`): a machine needs its tenant's answer. The
 * question goes to the tenant's info URL signed as a webhook (so the tenant
 * knows it is the platform asking); the answer counts only when its
 * `x-vend-signature` — RSA-SHA256 of the answer's bytes, base64 — verifies
 * with the tenant's public key. A time-out (5 s) or a failed call is 1416, a
 * missing or wrong signature 1417: the machine gets a clear refusal, never a
 * hang.
 */
import { randomUUID, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { DeviceCaller } from '../http/principal.js';
import { post, schemeProblem } from './guard.js';
import { callbackSettings } from './schema.js';
import { webhookHeaders } from './settings.js';
import { timeoutMs } from './deliveries.js';

const MAX_ANSWER = 64 * 1024;

export async function askTenant(
  db: Queryable,
  device: DeviceCaller,
  question: { question: string; value: string },
): Promise<{ answer: unknown }> {
  if (device.tenantId === null) throw new BizError(CODE.callbackNotSet);
  const [s] = await db.select().from(callbackSettings).where(eq(callbackSettings.tenantId, device.tenantId));
  if (!s?.infoUrl || !s.publicKey) throw new BizError(CODE.callbackNotSet);
  if (schemeProblem(s.infoUrl)) throw new BizError(CODE.infoRequestFailed);
  const now = new Date();
  const body = JSON.stringify({
    type: 'info',
    timestamp: now.toISOString(),
    tenantId: device.tenantId,
    device: { serial: device.serial },
    ...question,
  });
  const headers = webhookHeaders(s, `msg_${randomUUID()}`, now, body);
  let answer;
  try {
    answer = await post(s.infoUrl, headers, body, { timeoutMs: timeoutMs(), maxBytes: MAX_ANSWER });
  } catch {
    throw new BizError(CODE.infoRequestFailed);
  }
  if (answer.status < 200 || answer.status >= 300) throw new BizError(CODE.infoRequestFailed);
  const signature = answer.headers['x-vend-signature'];
  let good: boolean;
  try {
    good =
      typeof signature === 'string' && verify('sha256', answer.body, s.publicKey, Buffer.from(signature, 'base64'));
  } catch {
    good = false;
  }
  if (!good) throw new BizError(CODE.infoSignatureInvalid);
  try {
    return { answer: JSON.parse(answer.body.toString('utf8')) as unknown };
  } catch {
    throw new BizError(CODE.infoSignatureInvalid);
  }
}
