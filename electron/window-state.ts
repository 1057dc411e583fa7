/**
 * Windows reopen where they were: the main window and each kind of detail
 * window (an order's, a complaint's, any other route's) keep their last
 * size, position and maximised state, fitted to the displays that exist
 * now — a window left on a monitor since unplugged comes back on one that
 * is there, whole. Pure decisions (tests/electron/window-state.test.ts);
 * main.ts reads and writes them with electron-store. No Electron at run time.
 */
import { z } from 'zod';
import { resolvePath, ROUTE_SETS } from '../shared/routes.js';

export const WINDOW_KINDS = ['main', 'order', 'complaint', 'other'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const savedWindow = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type SavedWindow = z.infer<typeof savedWindow>;

/** The store's content, each kind read on its own: one damaged entry loses that kind's place only. */
export function readSaved(raw: unknown): Partial<Record<WindowKind, SavedWindow>> {
  const out: Partial<Record<WindowKind, SavedWindow>> = {};
  if (raw === null || typeof raw !== 'object') return out;
  for (const kind of WINDOW_KINDS) {
    const parsed = savedWindow.safeParse((raw as Record<string, unknown>)[kind]);
    if (parsed.success) out[kind] = parsed.data;
  }
  return out;
}

/** Views whose windows are remembered apart from the rest, by their name in the route table. */
const KIND_OF_VIEW: Readonly<Record<string, WindowKind>> = { OrderDetail: 'order', ComplaintDetail: 'complaint' };

/** What kind of window a route opens in (a detail window; the first window is `main`). */
export function windowKindOf(route: string): WindowKind {
  const path = route.split(/[?#]/)[0] ?? '';
  const resolved = resolvePath(ROUTE_SETS.main, path);
  return resolved.kind === 'view' ? (KIND_OF_VIEW[resolved.route.name ?? ''] ?? 'other') : 'other';
}

/** Some of a window's title bar must show on a display for the place to be kept: this much, in px. */
const VISIBLE = { width: 100, height: 40 };
/** Each further window of a kind already open steps down and right by this, so none hides another. */
export const CASCADE_STEP = 24;

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

export interface Placement {
  /** Absent: the OS centres the window on the primary display. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/**
 * Where a window of a kind opens: its saved place fitted to the work area
 * of the display it mostly lies on (no larger, and wholly inside), or the
 * default size centred when nothing is saved or too little of its top would
 * show on any display now. `open`: windows of that kind already open (each
 * steps by CASCADE_STEP).
 */
export function placeWindow(
  saved: SavedWindow | undefined,
  displays: readonly Rect[],
  defaults: { width: number; height: number; minWidth: number; minHeight: number },
  open = 0,
): Placement {
  const fallback: Placement = { width: defaults.width, height: defaults.height, maximized: false };
  if (!saved || displays.length === 0) return fallback;
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: VISIBLE.height };
  const seen = displays.some((d) => overlap(titleBar, d) >= Math.min(VISIBLE.width, saved.width) * VISIBLE.height);
  if (!seen) return { ...fallback, maximized: saved.maximized };
  const home = displays.reduce((best, d) => (overlap(saved, d) > overlap(saved, best) ? d : best), displays[0]!);
  const width = clamp(saved.width, defaults.minWidth, home.width);
  const height = clamp(saved.height, defaults.minHeight, home.height);
  const step = open * CASCADE_STEP;
  return {
    x: clamp(saved.x + step, home.x, home.x + home.width - width),
    y: clamp(saved.y + step, home.y, home.y + home.height - height),
    width,
    height,
    maximized: saved.maximized,
  };
}
