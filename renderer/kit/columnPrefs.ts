/**
 * What a user made of a list's columns: the widths
 * they dragged and the columns they hid, remembered per screen and table in
 * local storage, so the order list keeps its shape across tabs, restarts and
 * sign-ins on this computer. Pure but for the storage calls; unit-tested.
 *
 * Stored as one JSON object under COLUMN_PREFS_KEY, by table key; what does
 * not parse, or names a column the table no longer has, is ignored rather
 * than trusted (a column renamed in a later version simply starts afresh).
 */
import type { Column } from './columns.js';
import type { ColumnSize } from './sizing.js';

export const COLUMN_PREFS_KEY = 'vend.columns';
/** A dragged column is never narrower than this, whatever its own minimum. */
export const RESIZE_FLOOR = 48;
/** Never wider: a slip of the mouse must not push the rest of the table a screen away. */
export const RESIZE_CEILING = 800;
/** One arrow key press on a resize handle. */
export const RESIZE_STEP = 16;
/** At most this many tables are remembered; the least recently changed go first. */
const MAX_TABLES = 200;

export interface ColumnPrefs {
  /** Ids of the hidden columns. */
  hidden: string[];
  /** Dragged widths, px, by column id. */
  widths: Record<string, number>;
  /** Ids of columns shown though the table folds them away for width (columns.ts `fold`). */
  unfolded: string[];
}

export const NO_PREFS: ColumnPrefs = Object.freeze({ hidden: [], widths: {}, unfolded: [] }) as ColumnPrefs;

type Stored = Record<string, ColumnPrefs & { at?: number }>;

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(COLUMN_PREFS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The prefs stored for `key`, cleaned: unknown shapes dropped, widths clamped to whole pixels in range. */
export function cleanPrefs(raw: unknown): ColumnPrefs {
  if (!raw || typeof raw !== 'object') return NO_PREFS;
  const { hidden, widths, unfolded } = raw as Partial<Record<keyof ColumnPrefs, unknown>>;
  const out: ColumnPrefs = { hidden: [], widths: {}, unfolded: [] };
  if (Array.isArray(hidden)) out.hidden = hidden.filter((h): h is string => typeof h === 'string');
  if (Array.isArray(unfolded)) out.unfolded = unfolded.filter((h): h is string => typeof h === 'string');
  if (widths && typeof widths === 'object') {
    for (const [id, w] of Object.entries(widths))
      if (typeof w === 'number' && Number.isFinite(w)) out.widths[id] = clampWidth(w);
  }
  return out;
}

export const clampWidth = (w: number): number => Math.round(Math.min(RESIZE_CEILING, Math.max(RESIZE_FLOOR, w)));

export function loadColumnPrefs(key: string): ColumnPrefs {
  return cleanPrefs(readAll()[key]);
}

export function saveColumnPrefs(key: string, prefs: ColumnPrefs): void {
  try {
    const all = readAll();
    if (!changedPrefs(prefs)) delete all[key];
    else all[key] = { ...prefs, at: Date.now() };
    const keys = Object.keys(all);
    if (keys.length > MAX_TABLES) {
      for (const old of keys.sort((a, b) => (all[a]!.at ?? 0) - (all[b]!.at ?? 0)).slice(0, keys.length - MAX_TABLES))
        delete all[old];
    }
    localStorage.setItem(COLUMN_PREFS_KEY, JSON.stringify(all));
  } catch {
    // storage may be disabled: the change lasts while the screen is open
  }
}

/** Whether anything differs from the screen's own columns. */
export const changedPrefs = (prefs: ColumnPrefs): boolean =>
  prefs.hidden.length > 0 || prefs.unfolded.length > 0 || Object.keys(prefs.widths).length > 0;

/** Whether the user may hide the column: row actions never (they are the way to act on a row), nor a column marked so. */
export const canHide = <Row>(c: Column<Row>): boolean => c.pin !== 'end' && c.hideable !== false;

/**
 * The columns to draw, in order: the hidden ones left out, except that a
 * table never loses its last hideable column (stored prefs may predate a
 * change of the screen's columns).
 */
export function visibleColumns<Row>(columns: readonly Column<Row>[], prefs: ColumnPrefs): Column<Row>[] {
  const hidden = new Set(prefs.hidden.filter((id) => columns.some((c) => c.id === id && canHide(c))));
  const shown = columns.filter((c) => !hidden.has(c.id));
  return shown.some(canHide) || !columns.some(canHide) ? shown : columns.slice();
}

/** A column's size with the user's width: that width exactly, growing no more. */
export function sizeWithPrefs(size: ColumnSize, width: number | undefined): ColumnSize {
  return width === undefined ? size : { minWidth: width, width, grow: 0, shrinkLast: size.shrinkLast };
}

/**
 * `prefs` with column `id` hidden or shown; refuses (returns `prefs`) to hide
 * the last hideable column shown. A column folded away for width (`folded`)
 * is shown anyway; hiding one shown anyway forgets that.
 */
export function toggleHidden<Row>(
  columns: readonly Column<Row>[],
  prefs: ColumnPrefs,
  id: string,
  folded: readonly string[] = [],
): ColumnPrefs {
  if (prefs.hidden.includes(id)) return { ...prefs, hidden: prefs.hidden.filter((h) => h !== id) };
  if (folded.includes(id)) return { ...prefs, unfolded: [...prefs.unfolded.filter((u) => u !== id), id] };
  const column = columns.find((c) => c.id === id);
  if (!column || !canHide(column)) return prefs;
  const next = { ...prefs, hidden: [...prefs.hidden, id], unfolded: prefs.unfolded.filter((u) => u !== id) };
  return columns.some((c) => canHide(c) && !next.hidden.includes(c.id) && !folded.includes(c.id)) ? next : prefs;
}

/** `prefs` with column `id` at `width` px (clamped), or back to its own size when `width` is undefined. */
export function withWidth(prefs: ColumnPrefs, id: string, width: number | undefined): ColumnPrefs {
  const widths = { ...prefs.widths };
  if (width === undefined) delete widths[id];
  else widths[id] = clampWidth(width);
  return { ...prefs, widths };
}
