/**
 * Updates as data (electron/updates.ts): when a console looks, what it
 * tells electron-updater, the offer in three languages, and no restart into
 * an update while any window holds unsaved input.
 */
import { describe, expect, it } from 'vitest';
import { menuTemplate } from '../../electron/app-menu.js';
import {
  CHECK_EVERY_MS,
  feedArgs,
  FIRST_CHECK_MS,
  offerOf,
  restartDecision,
  unsavedOf,
  UPDATER_SETTINGS,
  updatesEnabled,
} from '../../electron/updates.js';

describe('updates', () => {
  it('are looked for only by a packaged console whose build named a feed: a minute after the start, then daily', () => {
    expect(updatesEnabled(true, true)).toBe(true);
    expect(updatesEnabled(true, false)).toBe(false);
    expect(updatesEnabled(false, true)).toBe(false);
    expect(FIRST_CHECK_MS).toBe(60_000);
    expect(CHECK_EVERY_MS).toBe(86_400_000);
  });

  it('download in the background, install at quit, never a pre-release or a downgrade', () => {
    expect(UPDATER_SETTINGS).toEqual({
      autoDownload: true,
      autoInstallOnAppQuit: true,
      allowPrerelease: false,
      allowDowngrade: false,
      forceDevUpdateConfig: false,
    });
  });

  it('the feed comes from the build: https only, none when unset', () => {
    expect(feedArgs(undefined)).toEqual([]);
    expect(feedArgs('')).toEqual([]);
    expect(feedArgs('https://updates.vend.example/console/')).toEqual([
      '-c.publish.provider=generic',
      '-c.publish.url=https://updates.vend.example/console/',
    ]);
    for (const bad of ['http://updates.vend.example/', 'https://user:pw@updates.vend.example/', 'not a url'])
      expect(() => feedArgs(bad), bad).toThrow();
  });

  it('a restart only when accepted and nothing is unsaved in any window', () => {
    expect(restartDecision(true, 0)).toEqual({ restart: true });
    expect(restartDecision(true, 2)).toEqual({ restart: false, reason: 'unsaved' });
    expect(restartDecision(false, 0)).toEqual({ restart: false, reason: 'declined' });
  });

  it('offers the restart in the console’s language, restart first, later as the cancel', () => {
    expect(offerOf('1.4.0', 'zh-CN')).toEqual({
      message: '新版本 1.4.0 已下载',
      detail: '重新启动即可更新；也可稍后，退出时会自动安装。',
      buttons: ['重新启动并更新', '稍后'],
      defaultId: 0,
      cancelId: 1,
    });
    expect(offerOf('1.4.0', 'en').message).toBe('Version 1.4.0 has been downloaded');
    expect(unsavedOf('zh-TW')).toContain('尚未儲存');
  });

  it('a downloaded update stays offered in the menu until taken', () => {
    const base = { lang: 'en' as const, size: 'medium' as const, signedIn: true, windows: [] };
    const file = (platform: NodeJS.Platform, update: string | null) =>
      menuTemplate({ ...base, platform, update }).find(
        (m) => m.label === (platform === 'darwin' ? 'Vend Console' : 'File'),
      )!.submenu!;
    expect(file('win32', null).some((e) => e.restartToUpdate)).toBe(false);
    expect(file('win32', '1.4.0').find((e) => e.restartToUpdate)?.label).toBe('Restart and update');
    expect(file('darwin', '1.4.0').find((e) => e.restartToUpdate)?.label).toBe('Restart and update');
  });
});
