/**
 * The application menu as data (electron/app-menu.ts): per platform, in the
 * console's language, the standard edit roles, the shortcuts, the console's
 * commands and the open windows.
 */
import { describe, expect, it } from 'vitest';
import { menuTemplate, toMenuOptions, type MenuEntry, type MenuState } from '../../electron/app-menu.js';

const STATE: MenuState = {
  platform: 'win32',
  lang: 'zh-CN',
  size: 'medium',
  signedIn: true,
  windows: [
    { id: 1, title: '订单列表', focused: false },
    { id: 4, title: '订单详情 202611280001', focused: true },
  ],
};

const labels = (entries: readonly MenuEntry[]) => entries.map((e) => e.label);
const menu = (entries: readonly MenuEntry[], label: string) => entries.find((e) => e.label === label)!.submenu!;
const flat = (entries: readonly MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...flat(e.submenu ?? [])]);

describe('the application menu', () => {
  it('Windows and Linux: File, Edit, View, Window, Help; macOS puts its app menu first and About in it', () => {
    expect(labels(menuTemplate(STATE))).toEqual(['文件', '编辑', '显示', '窗口', '帮助']);
    expect(labels(menuTemplate({ ...STATE, lang: 'en', platform: 'darwin' }))).toEqual([
      'Vend Console',
      'File',
      'Edit',
      'View',
      'Window',
    ]);
    const zhTW = menuTemplate({ ...STATE, lang: 'zh-TW', platform: 'linux' });
    expect(labels(zhTW)).toEqual(['檔案', '編輯', '顯示方式', '視窗', '說明']);
  });

  it('Edit is the standard roles, so copy and paste work in every field', () => {
    const edit = menu(menuTemplate(STATE), '编辑');
    expect(edit.filter((e) => e.role).map((e) => e.role)).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'delete',
      'selectAll',
    ]);
  });

  it("the console's actions with their shortcuts, offered only while signed in", () => {
    const all = flat(menuTemplate(STATE));
    const byCommand = (c: string) => all.find((e) => e.command === c)!;
    expect(byCommand('newWindow')).toMatchObject({ label: '新建窗口', accelerator: 'CmdOrCtrl+N', enabled: true });
    expect(byCommand('refresh')).toMatchObject({ label: '刷新', accelerator: 'F5' });
    expect(byCommand('closeTab')).toMatchObject({ label: '关闭标签页', accelerator: 'CmdOrCtrl+W', enabled: true });
    expect(byCommand('signOut').label).toBe('退出登录');
    expect(
      all.filter((e) => e.role?.toString().startsWith('zoom') || e.role === 'resetZoom').map((e) => e.role),
    ).toEqual(['zoomIn', 'zoomOut', 'resetZoom']);
    const signedOut = flat(menuTemplate({ ...STATE, signedIn: false }));
    for (const c of ['newWindow', 'closeTab', 'refresh', 'signOut'])
      expect(signedOut.find((e) => e.command === c)!.enabled, c).toBe(false);
  });

  it('language and font size are radios showing the current choice; languages by their own names', () => {
    const view = menu(menuTemplate({ ...STATE, lang: 'en', size: 'small' }), 'View');
    const language = menu(view, 'Language');
    expect(language.map((e) => [e.label, e.checked, e.command])).toEqual([
      ['简体中文', false, 'language:zh-CN'],
      ['繁體中文', false, 'language:zh-TW'],
      ['English', true, 'language:en'],
    ]);
    expect(menu(view, 'Font Size').map((e) => [e.label, e.checked])).toEqual([
      ['Default', false],
      ['Medium', false],
      ['Small', true],
      ['Mini', false],
    ]);
  });

  it('the Window menu lists the open windows, the focused one checked', () => {
    const windows = menu(menuTemplate(STATE), '窗口');
    expect(windows.filter((e) => e.focusWindow !== undefined).map((e) => [e.label, e.checked, e.focusWindow])).toEqual([
      ['订单列表', false, 1],
      ['订单详情 202611280001', true, 4],
    ]);
  });

  it("binds each command, window and About to main's actions", () => {
    const done: string[] = [];
    const options = toMenuOptions(menuTemplate(STATE), {
      command: (c) => done.push(c),
      focusWindow: (id) => done.push(`window ${id}`),
      about: () => done.push('about'),
      restartToUpdate: () => done.push('restart'),
    });
    const click = (path: string[]) => {
      let items = options;
      let item;
      for (const label of path) {
        item = items.find((e) => e.label === label)!;
        items = (item.submenu ?? []) as typeof options;
      }
      (item!.click as () => void)();
    };
    click(['文件', '新建窗口']);
    click(['显示', '语言', 'English']);
    click(['窗口', '订单列表']);
    click(['帮助', '关于售货云控制台']);
    expect(done).toEqual(['newWindow', 'language:en', 'window 1', 'about']);
    expect(JSON.stringify(options)).not.toContain('"command"');
  });
});
