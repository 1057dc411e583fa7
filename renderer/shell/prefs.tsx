/**
 * Stored shell preferences (spec §2 "Stored preferences"): sidebar, size,
 * theme colour, appearance and the settings switches. Browser mode keeps them
 * in local storage; the desktop app also in electron-store through `prefs.set`
 * (and reads them back from there at start, where they outlive the profile).
 * The language is kept by the i18n module (cookie and local storage) and, on
 * desktop, in `prefs` too.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../shared/i18n/define.js';
import { callOp } from '../bridge.js';
import { isLang } from '../i18n/detect.js';
import { currentLang, i18n, setLanguage } from '../i18n/index.js';
import { PREFS_STORAGE_KEY } from './presets.js';
import {
  DEFAULT_PREFS,
  parseStoredPrefs,
  readShellPrefs,
  SHELL_PREF_KEYS,
  toPrefsPatch,
  type ShellPrefs,
} from './settings.js';

function loadLocal(): ShellPrefs {
  try {
    return parseStoredPrefs(localStorage.getItem(PREFS_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

function saveLocal(prefs: ShellPrefs) {
  try {
    localStorage.setItem(PREFS_STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // storage may be disabled: the choice lasts for this run
  }
}

interface PrefsContextValue {
  prefs: ShellPrefs;
  setPrefs: (patch: Partial<ShellPrefs>) => void;
  /** The desktop app (electron-store) or a browser. */
  desktop: boolean;
}

const PrefsContext = createContext<PrefsContextValue>({ prefs: DEFAULT_PREFS, setPrefs: () => {}, desktop: false });

export function PrefsProvider({ children }: { children: ReactNode }) {
  const [prefs, setState] = useState<ShellPrefs>(loadLocal);
  const [desktop, setDesktop] = useState(false);
  const desktopRef = useRef(false);

  // Desktop: electron-store holds the preferences; read them once at start.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const info = await callOp('app.info', undefined);
        if (!live || info.mode !== 'desktop') return;
        desktopRef.current = true;
        setDesktop(true);
        const stored = await callOp('prefs.get', undefined);
        if (!live) return;
        setState((current) => {
          const next = readShellPrefs(stored, current);
          saveLocal(next);
          return next;
        });
        if (isLang(stored.language) && stored.language !== currentLang()) await setLanguage(stored.language);
      } catch {
        // no bridge answer: local storage is all there is
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  // Desktop: the language choice goes to electron-store too.
  useEffect(() => {
    const onChange = (lng: string) => {
      if (desktopRef.current && isLang(lng)) void callOp('prefs.set', { language: lng as Lang }).catch(() => null);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  const setPrefs = useCallback((patch: Partial<ShellPrefs>) => {
    const clean = Object.fromEntries(
      Object.entries(patch).filter(([k, v]) => SHELL_PREF_KEYS.includes(k as keyof ShellPrefs) && v !== undefined),
    );
    setState((current) => {
      const next = readShellPrefs(clean, current);
      saveLocal(next);
      return next;
    });
    if (desktopRef.current) void callOp('prefs.set', toPrefsPatch(clean)).catch(() => null);
  }, []);

  const value = useMemo(() => ({ prefs, setPrefs, desktop }), [prefs, setPrefs, desktop]);
  return <PrefsContext.Provider value={value}>{children}</PrefsContext.Provider>;
}

export const usePrefs = () => useContext(PrefsContext);
