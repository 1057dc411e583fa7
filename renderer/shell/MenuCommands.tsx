/**
 * The desktop's application menu (electron/app-menu.ts) asks the focused
 * window to do the console's own actions (topic `menu`): each is done as
 * its button in the shell would do it — a new window on this screen, closing
 * the tab (Ctrl+W), the tab's refresh, sign-out, the language (asking first over unsaved input)
 * and the font size.
 */
import { useEffect, useRef } from 'react';
import { isLang } from '../i18n/detect.js';
import { sessionEpoch, subscribeLive } from '../bridge.js';
import { requestLanguage } from '../app/LanguageSwitcher.js';
import { useSignOut } from '../app/session.js';
import { openWindow } from '../app/windows.js';
import { useShell } from './context.js';
import { useFontSize } from './FontSizeMenu.js';

export function MenuCommands() {
  const { refresh, closeTab, tabs } = useShell();
  const signOut = useSignOut();
  const { choose } = useFontSize();
  // What the commands need now, read when one comes: the subscription itself stays for the shell's life.
  const now = useRef({ refresh, signOut, choose, closeTab, tabs });
  now.current = { refresh, signOut, choose, closeTab, tabs };

  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.topic !== 'menu' || event.epoch !== sessionEpoch()) return;
        const command = String((event.data as { command?: unknown }).command ?? '');
        const [name, value] = command.split(':');
        const { refresh, signOut, choose, closeTab, tabs } = now.current;
        // The address shown when the command comes (a render may lag behind a navigation).
        if (name === 'newWindow') void openWindow(window.location.pathname + window.location.search);
        else if (name === 'refresh') refresh();
        else if (name === 'closeTab') {
          // The tab in view, asking first over its unsaved input as its × does.
          const tab = tabs.find((v) => v.path === window.location.pathname);
          if (tab) closeTab(tab);
        } else if (name === 'signOut') void signOut();
        else if (name === 'language' && isLang(value)) requestLanguage(value);
        else if (name === 'fontSize') choose(value);
      }),
    [],
  );
  return null;
}
