/** The desktop PrefsStore: the console preferences in electron-store, validated on read and write; and the windows' places. */
import Store from 'electron-store';
import type { Prefs } from '../shared/ipc.js';
import { mergePrefs, readPrefs, type PrefsStore } from './core/prefs.js';
import { readSaved, type SavedWindow, type WindowKind } from './window-state.js';

interface PrefsFile {
  prefs?: Prefs;
}

export function electronStorePrefs(
  store: Store<PrefsFile> = new Store<PrefsFile>({ name: 'prefs', clearInvalidConfig: true }),
): PrefsStore {
  return {
    get: async () => readPrefs(store.get('prefs')),
    set: async (patch) => {
      const next = mergePrefs(store.get('prefs'), patch);
      store.set('prefs', next);
      return next;
    },
  };
}

export interface WindowStore {
  get(kind: WindowKind): SavedWindow | undefined;
  set(kind: WindowKind, saved: SavedWindow): void;
}

/** Where each kind of window was last (electron/window-state.ts), in a store of its own: a damaged entry is that kind's loss alone. */
export function electronStoreWindows(
  store: Store<Record<string, unknown>> = new Store<Record<string, unknown>>({
    name: 'windows',
    clearInvalidConfig: true,
  }),
): WindowStore {
  return {
    get: (kind) => readSaved(store.store)[kind],
    set: (kind, saved) => store.set(kind, saved),
  };
}
