/**
 * The desktop's application menu (electron/app-menu.ts) asks the focused
 * window to do the console's own actions (topic `menu`): each is done as
 * its button in the shell would do it — a new window on this screen, the
 * tab's refresh, sign-out, the language (asking first over unsaved input)
 * and the font size.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isLang } from '../i18n/detect.js';
import { sessionEpoch, subscribeLive } from '../bridge.js';
import { requestLanguage } from '../app/LanguageSwitcher.js';
import { useSignOut } from '../app/session.js';
import { openWindow } from '../app/windows.js';
import { useShell } from './context.js';
import { useFontSize } from './FontSizeMenu.js';

export function MenuCommands() {
  const { refresh } = useShell();
  const location = useLocation();
  const signOut = useSignOut();
  const { choose } = useFontSize();
  const here = `${location.pathname}${location.search}`;
  // What the commands need now, read when one comes: the subscription itself stays for the shell's life.
  const now = useRef({ refresh, signOut, choose, here });
  now.current = { refresh, signOut, choose, here };

  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.topic !== 'menu' || event.epoch !== sessionEpoch()) return;
        const command = String((event.data as { command?: unknown }).command ?? '');
        const [name, value] = command.split(':');
        const { refresh, signOut, choose, here } = now.current;
        if (name === 'newWindow') void openWindow(here);
        else if (name === 'refresh') refresh(here);
        else if (name === 'signOut') void signOut();
        else if (name === 'language' && isLang(value)) requestLanguage(value);
        else if (name === 'fontSize') choose(value);
      }),
    [],
  );
  return null;
}
