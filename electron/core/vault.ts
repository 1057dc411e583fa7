/**
 * The token's storage port of the core. The desktop shell implements it on
 * safeStorage (electron/vault-safe-storage.ts); browser mode and the tests
 * use the in-memory one here. The preferences have their own (./prefs.ts).
 */

/**
 * Holds the upstream token, and the install's device tokens (one per account
 * it signed in to: the upstream lets a known install in while a stranger
 * keeps the account locked, server/account/devices.ts). Only main ever reads
 * them; the renderer never does. Clearing the session keeps the device
 * tokens: signing out does not make the install a stranger.
 */
export interface TokenVault {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
  deviceToken(username: string): Promise<string | null>;
  setDeviceToken(username: string, token: string): Promise<void>;
}

/** Accounts compare as the upstream's sign-in limits do: case aside. */
export const deviceKey = (username: string) => username.trim().toLowerCase();

/** A vault that forgets on exit: browser mode's session, the tests' vault. */
export function memoryVault(initial: string | null = null): TokenVault {
  let token = initial;
  const devices = new Map<string, string>();
  return {
    get: async () => token,
    set: async (t) => {
      token = t;
    },
    clear: async () => {
      token = null;
    },
    deviceToken: async (username) => devices.get(deviceKey(username)) ?? null,
    setDeviceToken: async (username, t) => {
      devices.set(deviceKey(username), t);
    },
  };
}
