/**
 * The application menu as data (main.ts builds it with Menu.buildFromTemplate
 * and rebuilds it when the language or the windows change): per platform —
 * macOS's app menu first, File, Edit, View, Window, Help — in the console's
 * language, with the shortcuts shown. Edit is the standard roles, so copy and
 * paste work in every field. The console's own actions are `command`s: main
 * hands them to the focused window (topic `menu`), which does them as its own
 * buttons would (asking first where a form holds unsaved input). The Window
 * menu lists the open console windows. No Electron at run time.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { FONT_SIZES } from '../shared/bridge.js';
import { shellTexts } from '../shared/common/shellTexts.js';
import { desktopTexts } from '../shared/common/desktopTexts.js';
import { LANGS, type Lang } from '../shared/i18n/define.js';

/** What the focused window is asked to do (renderer/shell/MenuCommands.tsx). */
export const MENU_COMMANDS = [
  'newWindow',
  'closeTab',
  'refresh',
  'signOut',
  ...LANGS.map((l) => `language:${l}` as const),
  ...FONT_SIZES.map((s) => `fontSize:${s}` as const),
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

/** A menu entry: Electron's options, with the console's command or a window to focus instead of a click handler. */
export type MenuEntry = Omit<MenuItemConstructorOptions, 'submenu' | 'click'> & {
  command?: MenuCommand;
  /** Focus this console window. */
  focusWindow?: number;
  /** Show the About box (main's own). */
  about?: true;
  /** Restart into the update downloaded (main's own; never with unsaved input, updates.ts). */
  restartToUpdate?: true;
  submenu?: MenuEntry[];
};

export interface MenuState {
  platform: NodeJS.Platform;
  lang: Lang;
  /** The console's font size now (a radio in View). */
  size: (typeof FONT_SIZES)[number];
  /** Open console windows, in the order they opened; the focused one is checked. */
  windows: readonly { id: number; title: string; focused: boolean }[];
  signedIn: boolean;
  /** The version downloaded and waiting for a restart, if any. */
  update?: string | null;
}

/** The languages by their own names (the menu reads the same in every language). */
const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' };

export function menuTemplate(state: MenuState): MenuEntry[] {
  const t = desktopTexts[state.lang].menu;
  const mac = state.platform === 'darwin';
  const sep: MenuEntry = { type: 'separator' };
  const update: MenuEntry[] = state.update
    ? [{ label: desktopTexts[state.lang].update.restart, restartToUpdate: true }, sep]
    : [];
  const appMenu: MenuEntry = {
    label: t.app,
    submenu: [
      { label: t.about, about: true },
      sep,
      ...update,
      { role: 'services', label: t.services },
      sep,
      { role: 'hide', label: t.hide },
      { role: 'hideOthers', label: t.hideOthers },
      { role: 'unhide', label: t.showAll },
      sep,
      { role: 'quit', label: t.quit },
    ],
  };
  const file: MenuEntry = {
    label: t.file,
    submenu: [
      { label: t.newWindow, accelerator: 'CmdOrCtrl+N', command: 'newWindow', enabled: state.signedIn },
      // The console's tab, as a browser's Ctrl+W closes its tab (asking first over unsaved input); macOS's window close moves to ⇧⌘W.
      { label: t.closeTab, accelerator: 'CmdOrCtrl+W', command: 'closeTab', enabled: state.signedIn },
      sep,
      { label: t.signOut, command: 'signOut', enabled: state.signedIn },
      sep,
      ...(mac ? [] : update),
      mac ? { role: 'close', label: t.close, accelerator: 'Shift+CmdOrCtrl+W' } : { role: 'quit', label: t.quit },
    ],
  };
  const edit: MenuEntry = {
    label: t.edit,
    submenu: [
      { role: 'undo', label: t.undo },
      { role: 'redo', label: t.redo },
      sep,
      { role: 'cut', label: t.cut },
      { role: 'copy', label: t.copy },
      { role: 'paste', label: t.paste },
      { role: 'delete', label: t.delete },
      sep,
      { role: 'selectAll', label: t.selectAll },
    ],
  };
  const view: MenuEntry = {
    label: t.view,
    submenu: [
      { label: t.refresh, accelerator: 'F5', command: 'refresh', enabled: state.signedIn },
      sep,
      {
        label: t.language,
        submenu: LANGS.map((l) => ({
          label: LANGUAGE_NAMES[l],
          type: 'radio' as const,
          checked: l === state.lang,
          command: `language:${l}` as const,
        })),
      },
      {
        label: t.fontSize,
        submenu: FONT_SIZES.map((s) => ({
          label: shellTexts[state.lang].settings.sizes[s],
          type: 'radio' as const,
          checked: s === state.size,
          command: `fontSize:${s}` as const,
        })),
      },
      sep,
      { role: 'zoomIn', label: t.zoomIn },
      { role: 'zoomOut', label: t.zoomOut },
      { role: 'resetZoom', label: t.resetZoom },
      sep,
      { role: 'togglefullscreen', label: t.fullscreen },
    ],
  };
  const windows: MenuEntry = {
    label: t.window,
    submenu: [
      { role: 'minimize', label: t.minimize },
      ...(mac ? [{ role: 'zoom' as const, label: t.zoom }] : []),
      ...(state.windows.length ? [sep] : []),
      ...state.windows.map((w) => ({
        label: w.title,
        type: 'checkbox' as const,
        checked: w.focused,
        focusWindow: w.id,
      })),
      ...(mac ? [sep, { role: 'front' as const, label: t.front }] : []),
    ],
  };
  // On macOS About is in the app menu, and Help would hold nothing else.
  const help: MenuEntry = { label: t.help, role: 'help', submenu: [{ label: t.about, about: true }] };
  return mac ? [appMenu, file, edit, view, windows] : [file, edit, view, windows, help];
}

export interface MenuActions {
  command: (command: MenuCommand) => void;
  focusWindow: (id: number) => void;
  about: () => void;
  restartToUpdate: () => void;
}

/** The entries as Electron's options: each command, window and About bound to main's action. */
export function toMenuOptions(entries: readonly MenuEntry[], actions: MenuActions): MenuItemConstructorOptions[] {
  return entries.map(({ command, focusWindow, about, restartToUpdate, submenu, ...options }) => ({
    ...options,
    ...(submenu ? { submenu: toMenuOptions(submenu, actions) } : {}),
    ...(command !== undefined ? { click: () => actions.command(command) } : {}),
    ...(focusWindow !== undefined ? { click: () => actions.focusWindow(focusWindow) } : {}),
    ...(about ? { click: () => actions.about() } : {}),
    ...(restartToUpdate ? { click: () => actions.restartToUpdate() } : {}),
  }));
}
