/**
 * The preferences' storage port of the core (spec §2 "Stored preferences").
 * The desktop shell implements it on electron-store (electron/prefs-store.ts);
 * browser mode and the tests use the in-memory one here.
 */
import { prefs as prefsSchema, type Prefs } from '../../shared/ipc.js';

/** The console preferences (spec §2 "Stored preferences"). */
export interface PrefsStore {
  get(): Promise<Prefs>;
  /** Merges the given keys into the stored preferences; answers the result. */
  set(patch: Partial<Prefs>): Promise<Prefs>;
}

const prefsPatch = prefsSchema.partial();

/**
 * Validated merge of a patch into preferences. Only the keys the patch really
 * holds are taken: the schema's defaults must not reset the others.
 * Throws a ZodError when the patch is invalid.
 */
export function mergePrefs(current: unknown, patch: unknown): Prefs {
  const parsed = prefsPatch.parse(patch ?? {});
  const given = (patch ?? {}) as Record<string, unknown>;
  const base = readPrefs(current);
  const next: Record<string, unknown> = { ...base };
  for (const key of Object.keys(parsed) as (keyof Prefs)[]) {
    if (Object.hasOwn(given, key) && given[key] !== undefined) next[key] = parsed[key];
  }
  return prefsSchema.parse(next);
}

/** Stored preferences as valid Prefs: unknown keys dropped, bad values back to defaults. */
export function readPrefs(stored: unknown): Prefs {
  const whole = prefsSchema.safeParse(stored ?? {});
  if (whole.success) return whole.data;
  // Keep what is valid key by key, so one bad value does not lose the rest.
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(prefsSchema.shape)) {
    if (field.safeParse(source[key]).success) kept[key] = source[key];
  }
  return prefsSchema.parse(kept);
}

/** Preferences kept in memory (browser mode: the renderer also keeps them in localStorage). */
export function memoryPrefs(initial: Partial<Prefs> = {}): PrefsStore {
  let current = mergePrefs({}, initial);
  return {
    get: async () => current,
    set: async (patch) => {
      current = mergePrefs(current, patch);
      return current;
    },
  };
}
