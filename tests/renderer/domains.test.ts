/** The renderer's list of domains (ARCHITECTURE §4): screens by route name, and the slots of the frame. */
import { describe, expect, it } from 'vitest';
import { assembleScreens, assembleSlots } from '../../renderer/manifest.js';

describe('the renderer list', () => {
  const screen = {} as never;
  it('refuses a route name with two screens, and a slot filled twice or by none', () => {
    expect(() => assembleScreens([{ name: 'a', screens: { X: screen } }, { name: 'b', screens: { X: screen } }])).toThrow(/X has two screens/);
    const slots = { signIn: async () => ({ default: () => null }), profileMenu: () => null };
    expect(() => assembleSlots([{ name: 'a', screens: {}, slots }, { name: 'b', screens: {}, slots: { profileMenu: slots.profileMenu } }])).toThrow(/filled twice/);
    expect(() => assembleSlots([{ name: 'a', screens: {}, slots: { profileMenu: slots.profileMenu } }])).toThrow(/no domain fills signIn/);
  });
});
