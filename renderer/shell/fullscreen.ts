/** Spec §2: the fullscreen toggle; warns "your browser cannot" where it is refused. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../app/notify.js';

export function useFullscreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    if (!document.fullscreenEnabled) {
      notify(t('shell.fullscreenUnsupported'), { intent: 'warning' });
      return;
    }
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => notify(t('shell.fullscreenUnsupported'), { intent: 'warning' }));
  }, [notify, t]);
  return { full, toggle, label: full ? t('shell.exitFullscreen') : t('shell.fullscreen') };
}
