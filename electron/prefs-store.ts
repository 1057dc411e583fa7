/** The desktop PrefsStore: the console preferences in electron-store, validated on read and write. */
import Store from 'electron-store';
import type { Prefs } from '../shared/ipc.js';
import { mergePrefs, readPrefs, type PrefsStore } from './core/prefs.js';

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
