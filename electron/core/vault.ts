/**
 * The token's storage port of the core. The desktop shell implements it on
 * safeStorage (electron/vault-safe-storage.ts); browser mode and the tests
 * use the in-memory one here. The preferences have their own (./prefs.ts).
 */

/** Holds the upstream token. Only main ever reads it; the renderer never does. */
export interface TokenVault {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/** A vault that forgets on exit: browser mode's session, the tests' vault. */
export function memoryVault(initial: string | null = null): TokenVault {
  let token = initial;
  return {
    get: async () => token,
    set: async (t) => {
      token = t;
    },
    clear: async () => {
      token = null;
    },
  };
}
