/**
 * OAuth clients allowed to use the password grant (HTTP Basic on /oauth/token).
 * One registered client, the console; its secret is not a user secret (it
 * ships inside the desktop app), it only tells our console from other callers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const CONSOLE_CLIENT = { id: 'vend-console', secret: 'vend-console-secret' } as const;

const CLIENTS: ReadonlyMap<string, string> = new Map([[CONSOLE_CLIENT.id, CONSOLE_CLIENT.secret]]);

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when an Authorization header carries the Basic credentials of a registered client. */
export function isKnownClient(authorization: string | undefined): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const secret = CLIENTS.get(decoded.slice(0, colon));
  // Compare digests so the comparison takes the same time whatever the lengths.
  return secret !== undefined && timingSafeEqual(digest(secret), digest(decoded.slice(colon + 1)));
}
