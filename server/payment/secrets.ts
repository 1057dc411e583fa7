/**
 * Secrets at rest (payment credentials): AES-256-GCM under a key from
 * configuration, each value stored with the id of the key that sealed it, so
 * the key can be rotated (`npm run secrets -- --rotate`) while old values
 * still open.
 *
 * `SECRETS_KEY` is a comma-separated list of base64 32-byte keys, the current
 * one first, older ones after it (kept until a rotation has resealed every
 * value). Without it the embedded demo database gets a generated key kept in
 * a file beside it (start.ts says so loudly); an upstream on PostgreSQL
 * without it refuses to store secrets (1407), since instances must share the
 * key; a process that was never configured (the tests' apps) makes one for
 * itself. node:crypto is the library: GCM with a random 96-bit IV and the
 * 128-bit tag, nothing hand-made around it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';

export interface SecretKey {
  id: string;
  key: Buffer;
}
/** A sealed value as stored: the key's id, the IV, the tag and the ciphertext, base64. */
export interface Sealed {
  keyId: string;
  iv: string;
  tag: string;
  data: string;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** Parses SECRETS_KEY: every key 32 bytes of base64, the first the current one. */
export function parseKeys(text: string): SecretKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const key = Buffer.from(part, 'base64');
      if (key.length !== 32)
        throw new Error('SECRETS_KEY: each key must be 32 bytes of base64 (openssl rand -base64 32)');
      return { id: keyId(key), key };
    });
}

let ring: SecretKey[] | null | undefined;

/** The keys this process seals and opens with; null: none configured (secrets are refused). */
export function configureSecrets(keys: SecretKey[] | null): void {
  ring = keys;
}

/** The configured ring, or (never configured: a test's app) one generated for this process. */
export function secretKeys(): SecretKey[] | null {
  if (ring === undefined) {
    const fromEnv = process.env.SECRETS_KEY;
    ring = fromEnv
      ? parseKeys(fromEnv)
      : [{ id: '', key: randomBytes(32) }].map(({ key }) => ({ id: keyId(key), key }));
  }
  return ring;
}

/**
 * The ring for an upstream at start: SECRETS_KEY, else for the embedded
 * database in a folder a key file beside it (made once), else for
 * `memory://` a key of this process; on PostgreSQL, null.
 */
export async function startupKeys(
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
  warn: (line: string) => void,
): Promise<SecretKey[] | null> {
  if (env.SECRETS_KEY) return parseKeys(env.SECRETS_KEY);
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    warn(
      'SECRETS_KEY is not set: payment secrets cannot be stored (1407). Set it to the same key on every upstream (openssl rand -base64 32).',
    );
    return null;
  }
  if (databaseUrl.startsWith('memory://')) {
    warn('SECRETS_KEY is not set: payment secrets are sealed with a key of this process only (an in-memory demo).');
    return [{ id: '', key: randomBytes(32) }].map(({ key }) => ({ id: keyId(key), key }));
  }
  const file = `${databaseUrl.replace(/^file:\/\//, '').replace(/\/+$/, '')}.secrets-key`;
  if (!existsSync(file)) await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  warn(
    `SECRETS_KEY is not set: payment secrets are sealed with the demo key in ${file}. Anyone with that file and the database can read them — set SECRETS_KEY for real use.`,
  );
  return parseKeys((await readFile(file, 'utf8')).trim());
}

export function seal(plain: string, keys: SecretKey[]): Sealed {
  const current = keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    keyId: current.id,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Seals with the configured ring's current key, or refuses with 1407 when none is configured. */
export function sealNow(plain: string): Sealed {
  const keys = secretKeys();
  if (!keys) throw new BizError(CODE.secretsKeyMissing);
  return seal(plain, keys);
}

/** A value sealed by an older key, sealed again under the current one; null when it already is (rotation). */
export const resealed = (sealed: Sealed, keys: SecretKey[]): Sealed | null =>
  sealed.keyId === keys[0]!.id ? null : seal(unseal(sealed, keys), keys);

/** Unseals a value with the key it names; throws when that key is not in the ring or the value was tampered with. */
export function unseal(sealed: Sealed, keys: SecretKey[]): string {
  const key = keys.find((k) => k.id === sealed.keyId);
  if (!key) throw new Error(`secrets: no key ${sealed.keyId} in SECRETS_KEY`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}
