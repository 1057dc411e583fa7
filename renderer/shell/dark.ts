/**
 * Whether the console is drawn dark: the preference, or the OS's choice
 * followed live. Apart from theme.tsx (which builds Fluent's themes) so that
 * what only needs to know — a chart in a lazy chunk — does not import them.
 */
import { useEffect, useState } from 'react';
import type { Appearance } from './settings.js';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the OS asks for dark (followed live). */
function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK_QUERY);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

export function useIsDark(appearance: Appearance): boolean {
  const system = useSystemDark();
  return appearance === 'system' ? system : appearance === 'dark';
}
