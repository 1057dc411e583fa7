/**
 * A tenant's callback settings: the URLs checked by guard.ts, the public key
 * by parsing, and the signing secret — made with the first event URL, shown
 * once, sealed at rest, rotated with an overlap in which both sign.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { CALLBACK_LIMITS, type CallbackInput, type CallbackView } from '../../shared/callback/index.js';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { unseal, resealed, rsaPublicKey, sealNow, secretKeys, type SecretKey } from '../payment/index.js';
import { urlProblem } from './guard.js';
import { callbackSettings } from './schema.js';

type Row = typeof callbackSettings.$inferSelect;

const viewOf = (tenantId: number, row: Row | undefined): CallbackView => ({
  tenantId,
  eventUrl: row?.eventUrl ?? null,
  infoUrl: row?.infoUrl ?? null,
  publicKey: row?.publicKey ?? null,
  events: row?.events ?? [],
  secret: {
    set: Boolean(row?.secret),
    last4: row?.secretLast4 ?? null,
    setAt: row?.secretSetAt?.toISOString() ?? null,
    previousUntil:
      row?.previous && row.previousUntil && row.previousUntil.getTime() > Date.now()
        ? row.previousUntil.toISOString()
        : null,
  },
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

export async function callbackViewOf(db: Queryable, tenantId: number): Promise<CallbackView> {
  const [row] = await db.select().from(callbackSettings).where(eq(callbackSettings.tenantId, tenantId));
  return viewOf(tenantId, row);
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes, base64. */
const makeSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The Standard Webhooks headers of a message; `webhook-signature` carries one signature per secret that signs now, and is absent without one. */
export function webhookHeaders(
  row: Pick<Row, 'secret' | 'previous' | 'previousUntil'>,
  id: string,
  at: Date,
  body: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  };
  const secrets = signingSecrets(row);
  if (secrets.length)
    headers['webhook-signature'] = secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
  return headers;
}

/** The secrets that sign now: the current one, and the previous one within its overlap. */
function signingSecrets(row: Pick<Row, 'secret' | 'previous' | 'previousUntil'>): string[] {
  const keys = secretKeys();
  if (!keys || !row.secret) return [];
  const all = [unseal(row.secret, keys)];
  if (row.previous && row.previousUntil && row.previousUntil.getTime() > Date.now())
    all.push(unseal(row.previous, keys));
  return all;
}

export async function saveCallback(
  db: Db,
  tenantId: number,
  input: Omit<CallbackInput, 'tenantId'>,
): Promise<{ secret?: string; settings: CallbackView }> {
  const fields: Record<string, string> = {};
  for (const name of ['eventUrl', 'infoUrl'] as const) {
    const value = input[name];
    const problem = value ? await urlProblem(value) : null;
    if (problem) fields[name] = problem;
  }
  if (Object.keys(fields).length) throw new RequestValidationError(fields);
  const publicKey = input.publicKey || null;
  if (publicKey) rsaPublicKey(publicKey);
  const [row] = await db.select().from(callbackSettings).where(eq(callbackSettings.tenantId, tenantId));
  // The first event URL makes the secret; it is answered this once.
  const secret = input.eventUrl && !row?.secret ? makeSecret() : undefined;
  const values = {
    eventUrl: input.eventUrl || null,
    infoUrl: input.infoUrl || null,
    publicKey,
    events: [...new Set(input.events)],
    updatedAt: new Date(),
    ...(secret ? { secret: sealNow(secret), secretLast4: secret.slice(-4), secretSetAt: new Date() } : {}),
  };
  await db
    .insert(callbackSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: callbackSettings.tenantId, set: values });
  return { ...(secret ? { secret } : {}), settings: await callbackViewOf(db, tenantId) };
}

/** A new secret; the current one becomes the previous, signing beside it for the overlap. */
export async function rotateSecret(db: Db, tenantId: number): Promise<{ secret: string; settings: CallbackView }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(callbackSettings).where(eq(callbackSettings.tenantId, tenantId)).for('update');
    if (!row?.eventUrl) throw new BizError(CODE.callbackNotSet);
    const secret = makeSecret();
    await tx
      .update(callbackSettings)
      .set({
        secret: sealNow(secret),
        secretLast4: secret.slice(-4),
        secretSetAt: new Date(),
        previous: row.secret,
        previousUntil: row.secret ? new Date(Date.now() + CALLBACK_LIMITS.overlapHours * 3600_000) : null,
      })
      .where(eq(callbackSettings.tenantId, tenantId));
    return { secret, settings: await callbackViewOf(tx, tenantId) };
  });
}

/** Reseals every signing secret not sealed by the current key (`npm run secrets -- --rotate`); answers how many values. */
export async function rotateCallbackKeys(db: Db, keys: SecretKey[]): Promise<number> {
  let count = 0;
  for (const row of await db.select().from(callbackSettings)) {
    const patch: Partial<Row> = {};
    const secret = row.secret && resealed(row.secret, keys);
    const previous = row.previous && resealed(row.previous, keys);
    if (secret) patch.secret = secret;
    if (previous) patch.previous = previous;
    if (!Object.keys(patch).length) continue;
    count += Object.keys(patch).length;
    await db.update(callbackSettings).set(patch).where(eq(callbackSettings.tenantId, row.tenantId));
  }
  return count;
}
