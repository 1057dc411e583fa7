/**
 * Windows reopen where they were, fitted to the displays there are now
 * (electron/window-state.ts): the decisions main applies with electron-store.
 */
import { describe, expect, it } from 'vitest';
import { placeWindow, readSaved, windowKindOf, CASCADE_STEP } from '../../electron/window-state.js';

const DEFAULTS = { width: 1280, height: 800, minWidth: 900, minHeight: 600 };
const LAPTOP = { x: 0, y: 0, width: 1440, height: 870 };
const RIGHT_MONITOR = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('where a window reopens', () => {
  it('its saved place and size, maximised or not, when the display is still there', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: true };
    expect(placeWindow(saved, [LAPTOP, RIGHT_MONITOR], DEFAULTS)).toEqual({ ...saved });
  });

  it('on a display that is there when its own was unplugged: the default size, centred, still maximised', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: true };
    expect(placeWindow(saved, [LAPTOP], DEFAULTS)).toEqual({ width: 1280, height: 800, maximized: true });
  });

  it('no larger than the display, and wholly inside it', () => {
    const saved = { x: 1000, y: 500, width: 2000, height: 1200, maximized: false };
    expect(placeWindow(saved, [LAPTOP], DEFAULTS)).toEqual({ x: 0, y: 0, width: 1440, height: 870, maximized: false });
    const hanging = { x: 1200, y: -30, width: 1000, height: 700, maximized: false };
    expect(placeWindow(hanging, [LAPTOP, RIGHT_MONITOR], DEFAULTS)).toEqual({
      x: 1440,
      y: 0,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('not below its minimum size, and the default with nothing saved', () => {
    expect(placeWindow({ x: 10, y: 10, width: 200, height: 100, maximized: false }, [LAPTOP], DEFAULTS)).toEqual({
      x: 10,
      y: 10,
      width: 900,
      height: 600,
      maximized: false,
    });
    expect(placeWindow(undefined, [LAPTOP], DEFAULTS)).toEqual({ width: 1280, height: 800, maximized: false });
  });

  it('a further window of a kind already open steps aside, staying on the display', () => {
    const saved = { x: 100, y: 50, width: 1000, height: 700, maximized: false };
    expect(placeWindow(saved, [LAPTOP], DEFAULTS, 2)).toMatchObject({
      x: 100 + 2 * CASCADE_STEP,
      y: 50 + 2 * CASCADE_STEP,
    });
    expect(placeWindow(saved, [LAPTOP], DEFAULTS, 20)).toMatchObject({ x: 440, y: 170 });
  });
});

describe('what is remembered', () => {
  it('by kind: an order window, a complaint window, any other route', () => {
    expect(windowKindOf('/orderManagement/orderDetail?id=3')).toBe('order');
    expect(windowKindOf('/orderManagement/complaintDetail?id=9#x')).toBe('complaint');
    expect(windowKindOf('/pointMent/pointList')).toBe('other');
    expect(windowKindOf('/nowhere')).toBe('other');
  });

  it('reads each kind on its own: a damaged entry loses that kind only', () => {
    const good = { x: 1, y: 2, width: 900, height: 600, maximized: false };
    expect(readSaved({ main: good, order: { x: 'a' }, complaint: null, other: good })).toEqual({
      main: good,
      other: good,
    });
    expect(readSaved('garbage')).toEqual({});
    expect(readSaved(undefined)).toEqual({});
  });
});
