/** The renderer's list of domains (ARCHITECTURE §4): screens by route name, and the slots of the frame. */
import { describe, expect, it } from 'vitest';
import { assembleLive, assembleScreens, assembleSlots } from '../../renderer/manifest.js';
import { deviceLive } from '../../renderer/device/live.js';
import { LIVE } from '../../renderer/domains.js';

describe('the renderer list', () => {
  const screen = {} as never;
  it('refuses a route name with two screens, and a slot filled twice or by none', () => {
    expect(() =>
      assembleScreens([
        { name: 'a', screens: { X: screen } },
        { name: 'b', screens: { X: screen } },
      ]),
    ).toThrow(/X has two screens/);
    const slots = { signIn: async () => ({ default: () => null }), profileMenu: () => null };
    expect(() =>
      assembleSlots([
        { name: 'a', screens: {}, slots },
        { name: 'b', screens: {}, slots: { profileMenu: slots.profileMenu } },
      ]),
    ).toThrow(/filled twice/);
    expect(() => assembleSlots([{ name: 'a', screens: {}, slots: { profileMenu: slots.profileMenu } }])).toThrow(
      /no domain fills signIn/,
    );
  });
});

describe('live events', () => {
  it('joins the handlers of a topic several domains follow, and the device domain handles its own', () => {
    const owner = () => ({ refresh: ['a.page', 'a.count'], notice: 'sold' });
    const follower = () => ({ refresh: ['a.count', 'b.today'] });
    const joined = assembleLive([
      { name: 'a', screens: {}, live: { t: owner } },
      { name: 'b', screens: {}, live: { t: follower } },
    ]);
    expect(joined.t!({}, 'en')).toEqual({ refresh: ['a.page', 'a.count', 'b.today'], notice: 'sold' });
    expect(assembleLive([{ name: 'b', screens: {}, live: { t: follower } }]).t).toBe(follower);
    // The device domain's own events, which the dashboard follows too.
    const event = {
      kind: 'offline',
      deviceId: 1,
      serial: 'VM1',
      name: '虹桥站饮料机 1 号',
      at: '2026-11-24T05:00:00Z',
      notify: true,
    };
    expect(LIVE.device!(event, 'en')).toEqual({
      ...deviceLive(event, 'en'),
      refresh: [...deviceLive(event, 'en').refresh, 'dashboard.alerts'],
    });
  });

  it("refreshes the device screens on a device event, with a notice in the user's language only where the switch is on", () => {
    const event = {
      kind: 'lowStock',
      deviceId: 1,
      serial: 'VM1',
      name: '虹桥站饮料机 1 号',
      at: '2026-11-24T05:00:00Z',
      notify: true,
      channel: 12,
      stock: 1,
    };
    expect(deviceLive(event, 'zh-CN')).toEqual({
      refresh: ['device.page', 'device.info', 'device.channels', 'device.exceptions'],
      notice: '虹桥站饮料机 1 号 12 号货道库存不足，剩余 1 件',
    });
    expect(deviceLive(event, 'en').notice).toBe('虹桥站饮料机 1 号: channel 12 is low, 1 left');
    expect(deviceLive({ ...event, kind: 'fault', code: 'E-21', notify: true }, 'en').notice).toBe(
      '虹桥站饮料机 1 号 reports a fault: E-21',
    );
    expect(deviceLive({ ...event, notify: false }, 'zh-CN')).toEqual({
      refresh: ['device.page', 'device.info', 'device.channels', 'device.exceptions'],
    });
    expect(deviceLive({ kind: 'nonsense' }, 'zh-CN')).toEqual({ refresh: [] });
  });
});

describe('a preloadable screen', () => {
  it('suspends until its module is there, and once preloaded renders at once', async () => {
    const { createElement, Suspense } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { preloadable } = await import('../../renderer/manifest.js');
    let loads = 0;
    const Page = preloadable(async () => {
      loads++;
      return { default: () => createElement('p', null, 'the page') };
    });
    const render = () => renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(Page)));
    expect(render()).toContain('waiting');
    await Page.preload();
    expect(render()).toContain('the page');
    expect(loads).toBeGreaterThan(0);
  });
});
