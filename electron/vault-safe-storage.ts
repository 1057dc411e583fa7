/**
 * The desktop TokenVault (ARCHITECTURE §6): the token encrypted with
 * safeStorage, stored base64 in electron-store. Where safeStorage cannot
 * protect it — encryption unavailable, or Linux without a keyring
 * (`basic_text` backend) — the token is kept in memory only and the user
 * signs in again after a restart.
 */
import { safeStorage } from 'electron';
import Store from 'electron-store';
import { deviceKey, type TokenVault } from './core/vault.js';

interface VaultFile {
  token?: string;
  /** Device tokens by account (lower case), encrypted like the token. */
  devices?: Record<string, string>;
}

/** True when safeStorage really encrypts with an OS key. Call after app `ready`. */
export function safeStorageUsable(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
  return true;
}

export function safeStorageVault(
  store: Store<VaultFile> = new Store<VaultFile>({ name: 'session', clearInvalidConfig: true }),
): TokenVault {
  let memory: string | null = null;
  let loaded = false;
  const devices = new Map<string, string>();

  return {
    async get() {
      if (memory !== null || loaded) return memory;
      loaded = true;
      const stored = store.get('token');
      if (!stored || !safeStorageUsable()) return null;
      try {
        memory = safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        // Written under another OS key (or damaged): forget it.
        store.delete('token');
        memory = null;
      }
      return memory;
    },
    async set(token) {
      memory = token;
      loaded = true;
      if (safeStorageUsable()) store.set('token', safeStorage.encryptString(token).toString('base64'));
      else store.delete('token');
    },
    async clear() {
      memory = null;
      loaded = true;
      store.delete('token');
    },
    async deviceToken(username) {
      const key = deviceKey(username);
      if (devices.has(key)) return devices.get(key)!;
      const stored = store.get('devices')?.[key];
      if (!stored || !safeStorageUsable()) return null;
      try {
        const token = safeStorage.decryptString(Buffer.from(stored, 'base64'));
        devices.set(key, token);
        return token;
      } catch {
        return null;
      }
    },
    async setDeviceToken(username, token) {
      const key = deviceKey(username);
      devices.set(key, token);
      // Kept only where safeStorage protects it; otherwise for this run (the account's own lock then applies after a restart).
      if (safeStorageUsable())
        store.set('devices', { ...store.get('devices'), [key]: safeStorage.encryptString(token).toString('base64') });
    },
  };
}
