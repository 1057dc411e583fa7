/**
 * The kit's data table: every list screen draws its rows with it (ARCHITECTURE
 * §4 "one kit"). TanStack Table keeps the model (columns, sorting state);
 * Fluent's table parts draw it.
 *
 * - Columns get pixel widths from sizing.ts (minimums, ideal widths, growing
 *   columns); below the sum of the minimums the table keeps them and scrolls
 *   sideways inside its own container, never squeezing a column to one letter.
 * - Every cell clips: long text wraps or is cut with a tooltip (cells.tsx),
 *   so nothing runs into the next cell.
 * - The header stays in view while the rows scroll (the container scrolls
 *   both ways, so the header sticks to it: a sticky header cannot follow the
 *   page while the table scrolls sideways in a box of its own).
 * - Loading shows skeleton rows, a failure says so with a retry, no rows
 *   says "no data" with the screen's create action.
 * - Sorting is offered only through `sort` / `onSortChange`, for columns the
 *   list's API sorts by: a page sorted in the browser would lie about the list.
 * - Past a page of rows (100) only the rows in view are drawn (TanStack Virtual).
 * - The user resizes columns (a handle at each header's right edge) and hides
 *   them (the menu in the last header cell), remembered per screen
 *   (columnPrefs.ts); the row actions (`pin: 'end'`) stay in view at the
 *   right edge while the rest scrolls sideways, and cannot be hidden.
 * - Short of width, columns marked `fold` give way (lowest first) before the
 *   table scrolls sideways; the columns menu shows them anyway on request.
 */
import { useTranslation } from 'react-i18next';
import { useZoneNote } from './zone.js';
import {
  Checkbox,
  makeStyles,
  mergeClasses,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { CellContent } from './cells.js';
import { ColumnsMenu, ResizeHandle } from './ColumnControls.js';
import {
  canHide,
  changedPrefs,
  loadColumnPrefs,
  NO_PREFS,
  saveColumnPrefs,
  sizeWithPrefs,
  toggleHidden,
  visibleColumns,
  withWidth,
  type ColumnPrefs,
} from './columnPrefs.js';
import { alignOf, sizeOf, type Column, type Sort } from './columns.js';
import type { ListView } from './listState.js';
import { useHeaderMinimums, useInnerWidth, usePinnedMinimums } from './columnMeasure.js';
import { columnWidths, foldColumns, type ColumnSize } from './sizing.js';
import { EmptyState, ErrorState, SkeletonRows } from './TableStates.js';

const features = tableFeatures({ rowSortingFeature });

/** More rows than the largest page: draw only those in view. */
export const VIRTUALIZE_AFTER = 100;
const SELECT_SIZE: ColumnSize = { minWidth: 44, width: 44 };
/** Room the columns menu's button takes in the last header cell (it has no column of its own: a table's minimum stays the columns'). */
const MENU_ROOM = 32;
/** Room a sortable header's arrow takes beside its text. */
const SORT_ROOM = 24;

/** A header's text with a break opportunity before each "（", where keep-all would otherwise allow none. */
function withBreaks(label: string): ReactNode {
  const parts = label.split(/(?=\uFF08)/);
  return parts.length === 1
    ? label
    : parts.map((p, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {p}
        </span>
      ));
}

/**
 * The container's height limit: the rows scroll under a sticky header while
 * the filters and the pager stay on the screen (the top bar, tabs, title,
 * filters and pager take about 300 px); never below 320 px on a short window.
 */
export const DEFAULT_MAX_HEIGHT = 'max(320px, calc(100vh - 300px))';

const useStyles = makeStyles({
  root: { position: 'relative', minWidth: 0 },
  scroller: {
    overflow: 'auto',
    position: 'relative',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  progress: { position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground2,
    // Broken between words only (headerWidth.ts makes each column wide enough for its longest one).
    fontWeight: tokens.fontWeightSemibold,
    wordBreak: 'keep-all',
    overflowWrap: 'normal',
    whiteSpace: 'normal',
    verticalAlign: 'middle',
    // The row's border scrolls away with the collapsed table borders: a line drawn by the cell sticks with it.
    '::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: tokens.strokeWidthThin,
      backgroundColor: tokens.colorNeutralStroke2,
    },
  },
  // The header cells draw their own line (see `head`): the row's would double it.
  headRow: { borderBottomColor: 'transparent' },
  // Clipping is what keeps a cell's content out of its neighbours, whatever it holds.
  cell: {
    overflow: 'hidden',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    verticalAlign: 'middle',
  },
  start: { textAlign: 'start' },
  center: { textAlign: 'center' },
  end: { textAlign: 'end' },
  headEnd: { '& > div': { justifyContent: 'flex-end' } },
  headCenter: { '& > div': { justifyContent: 'center' } },
  stale: { opacity: 0.6 },
  // Kept at the right edge while the table scrolls sideways: the row actions.
  pinned: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
    // Row actions keep their labels whole; short of room they go onto a second line between buttons, never
    // inside one (the column is at least its widest button and, with room, all of them: usePinnedMinimums).
    '& button': { whiteSpace: 'nowrap', flexShrink: 0 },
    '& > div': { flexWrap: 'wrap' },
  },
  menuRoom: { paddingRight: `${MENU_ROOM + 8}px` },
  menuSlot: { position: 'absolute', right: '8px', top: '50%', transform: 'translateY(-50%)' },
  // Header cells are sticky at the top already (`head`); pinned ones stick to both edges, above the rows.
  headPinned: { zIndex: 3, backgroundColor: tokens.colorNeutralBackground2 },
});

/** Checkboxes in a first column: the screen owns the selected keys. */
export interface RowSelection<Row, K extends RowKey = RowKey> {
  selected: ReadonlySet<K>;
  onChange: (next: ReadonlySet<K>) => void;
  /** The accessible name of a row's checkbox. */
  rowLabel: (row: Row) => string;
  /** The accessible name of the select-all checkbox. */
  allLabel: string;
}

export type RowKey = string | number;

export interface DataTableProps<Row, K extends RowKey = RowKey> {
  /** The table's accessible name. */
  label: string;
  /** Memoise them (`useMemo`): a new array re-creates the table model. */
  columns: readonly Column<Row>[];
  /** The rows of the current page (a stable array: the query's own, or a module constant). */
  rows: readonly Row[];
  rowKey: (row: Row) => K;
  /** From listState.ts `listView`. */
  view: ListView;
  /** A newer page is on its way: the rows shown are the previous page's. */
  busy?: boolean;
  onRetry?: () => void;
  /** Shown with "no data": the screen's create action, where it has one. */
  emptyAction?: ReactNode;
  sort?: Sort | null;
  onSortChange?: (sort: Sort | null) => void;
  selection?: RowSelection<Row, K>;
  /** data-testid of each row. */
  rowTestId?: string;
  /** More attributes of a row (`data-point-id`…). */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>;
  /**
   * A double-click on a row (the desktop's "open"): the screen opens the
   * row's detail, e.g. in a window of its own. Mouse only; the row's own
   * buttons are the keyboard's way to the same place.
   */
  onRowOpen?: (row: Row) => void;
  /** data-testid of the table; its states are `<testId>-empty`, `-error`, `-retry`, its container `-scroller`. */
  testId?: string;
  maxHeight?: string;
  /** Skeleton rows while loading. */
  skeletonRows?: number;
  /**
   * The key the user's column widths and hidden columns are remembered
   * under: by default the screen's path and the table's testId; false: not
   * remembered.
   */
  remember?: string | false;
  size?: 'medium' | 'small';
}

export function DataTable<Row extends RowData, K extends RowKey = RowKey>({
  label,
  columns,
  rows,
  rowKey,
  view,
  busy = false,
  onRetry,
  emptyAction,
  sort = null,
  onSortChange,
  selection,
  rowTestId,
  rowData,
  onRowOpen,
  testId = 'data-table',
  maxHeight = DEFAULT_MAX_HEIGHT,
  skeletonRows = 5,
  size = 'medium',
  remember,
}: DataTableProps<Row, K>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The path the screen opened at: a cached tab keeps its own key while another screen shows. Its measurements are
  // remembered under it for its next making (columnMeasure.ts); its column choices too, unless told otherwise.
  const [measureKey] = useState(() => (typeof remember === 'string' ? remember : `${location.pathname}#${testId}`));
  const prefsKey = remember === false ? null : measureKey;
  const inner = useInnerWidth(scrollRef, measureKey);

  const [prefs, setPrefs] = useState<ColumnPrefs>(() => (prefsKey ? loadColumnPrefs(prefsKey) : NO_PREFS));
  const changePrefs = (next: ColumnPrefs) => {
    setPrefs(next);
    if (prefsKey) saveColumnPrefs(prefsKey, next);
  };
  // The width of the column being dragged, drawn live and kept on release.
  const [drag, setDrag] = useState<{ id: string; width: number } | null>(null);
  const visible = useMemo(() => visibleColumns(columns, prefs), [columns, prefs]);
  const menu = columns.filter(canHide).length >= 2;

  const selectable = selection !== undefined;
  const zone = useZoneNote();
  // Measured for every visible column, folded or not (the header words by canvas, not by the drawn cells), so
  // folding reads the same minimums whatever it folded before.
  const headMins = useHeaderMinimums(
    scrollRef,
    visible.map((c) => (c.kind === 'time' && zone ? zone.label(c.header) : c.header)),
    visible.map(
      (c, i) => (c.sortable && onSortChange ? SORT_ROOM : 0) + (menu && i === visible.length - 1 ? MENU_ROOM + 8 : 0),
    ),
  );
  const actionMins = usePinnedMinimums(scrollRef, rows, measureKey);
  const visibleSizes = useMemo(
    () =>
      visible.map((c, i) => {
        const size = sizeWithPrefs(sizeOf(c), drag?.id === c.id ? drag.width : prefs.widths[c.id]);
        const actions = actionMins[c.id];
        const least = Math.max(headMins[i] ?? 0, actions?.min ?? 0);
        const ideal = Math.max(size.width ?? 0, least, actions?.ideal ?? 0);
        return least > size.minWidth || ideal > (size.width ?? 0)
          ? { ...size, minWidth: Math.max(size.minWidth, least), width: ideal }
          : size;
      }),
    [visible, drag, prefs.widths, headMins, actionMins],
  );
  const folded = useMemo(
    () =>
      foldColumns(
        visible.map((c, i) => ({
          id: c.id,
          minWidth: visibleSizes[i]!.minWidth,
          fold: c.fold,
          money: c.kind === 'money',
        })),
        inner ?? 0,
        selectable ? SELECT_SIZE.minWidth : 0,
        prefs.unfolded,
      ),
    [visible, visibleSizes, inner, selectable, prefs.unfolded],
  );
  const shown = useMemo(() => visible.filter((c) => !folded.includes(c.id)), [visible, folded]);
  const sizes = useMemo(
    () => [...(selectable ? [SELECT_SIZE] : []), ...visibleSizes.filter((_, i) => !folded.includes(visible[i]!.id))],
    [selectable, visibleSizes, visible, folded],
  );
  const layout = useMemo(() => columnWidths(sizes, inner ?? 0), [sizes, inner]);

  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      shown.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: Row) => c.value?.(row) ?? null,
        enableSorting: !!c.sortable && onSortChange !== undefined,
      })),
    [shown, onSortChange],
  );
  const sorting = useMemo<SortingState>(() => (sort ? [sort] : []), [sort]);
  const table = useTable({
    features,
    columns: defs,
    data: rows as Row[],
    getRowId: (row: Row) => String(rowKey(row)),
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortChange?.(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
    },
  });
  const modelRows = table.getRowModel().rows;

  const virtual = view === 'rows' && modelRows.length > VIRTUALIZE_AFTER;
  const rowHeight = size === 'small' ? 34 : 44;
  const virtualizer = useVirtualizer({
    count: virtual ? modelRows.length : 0,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (i) => modelRows[i]?.id ?? i,
  });

  const keys = rows.map(rowKey);
  const chosen = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const toggle = (key: K) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (!next.delete(key)) next.add(key);
    selection.onChange(next);
  };

  const renderRow = (index: number) => {
    const row = modelRows[index]!;
    const item = row.original;
    const key = rowKey(item);
    return (
      <TableRow
        key={row.id}
        data-testid={rowTestId}
        data-index={index}
        ref={virtual ? virtualizer.measureElement : undefined}
        className={busy ? styles.stale : undefined}
        {...rowData?.(item)}
        onDoubleClick={
          onRowOpen
            ? (e) => {
                if (!(e.target as HTMLElement).closest('button, a, input')) onRowOpen(item);
              }
            : undefined
        }
      >
        {selection && (
          <TableCell className={styles.cell}>
            <Checkbox
              aria-label={selection.rowLabel(item)}
              checked={selection.selected.has(key)}
              onChange={() => toggle(key)}
            />
          </TableCell>
        )}
        {shown.map((c) => (
          <TableCell
            key={c.id}
            className={mergeClasses(styles.cell, styles[alignOf(c)], c.pin === 'end' && styles.pinned)}
            data-testid={c.cellTestId}
            data-pinned={c.pin === 'end' ? c.id : undefined}
          >
            <CellContent column={c} row={item} />
          </TableCell>
        ))}
      </TableRow>
    );
  };

  const body = () => {
    if (view === 'loading') return <SkeletonRows columns={sizes.length} count={skeletonRows} />;
    if (view !== 'rows') return null;
    if (!virtual) return modelRows.map((_, i) => renderRow(i));
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    return (
      <>
        {before > 0 && <tr aria-hidden style={{ height: before }} />}
        {items.map((v) => renderRow(v.index))}
        {after > 0 && <tr aria-hidden style={{ height: after }} />}
      </>
    );
  };

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const headId = useId();
  return (
    <div className={styles.root}>
      {busy && <ProgressBar className={styles.progress} thickness="medium" aria-hidden />}
      <div
        ref={scrollRef}
        className={styles.scroller}
        style={{ maxHeight }}
        data-testid={`${testId}-scroller`}
        role="region"
        // The list's section carries the title already: two landmarks of one name cannot be told apart (axe landmark-unique).
        aria-label={t('pager.tableRegion', { name: label })}
        tabIndex={0}
      >
        <Table
          aria-label={label}
          aria-busy={busy || view === 'loading'}
          size={size}
          style={{ width: layout.total }}
          data-testid={testId}
        >
          <colgroup>
            {layout.widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <TableHeader>
            <TableRow className={styles.headRow}>
              {selection && (
                <TableHeaderCell className={styles.head}>
                  <Checkbox
                    aria-label={selection.allLabel}
                    disabled={view !== 'rows'}
                    checked={chosen > 0 && chosen === keys.length ? true : chosen > 0 ? 'mixed' : false}
                    onChange={() => selection.onChange(chosen === keys.length ? new Set() : new Set(keys))}
                  />
                </TableHeaderCell>
              )}
              {headers.map((h, i) => {
                const c = shown[i]!;
                const sorted = h.column.getIsSorted();
                const align = alignOf(c);
                const at = i + (selectable ? 1 : 0);
                const last = menu && i === headers.length - 1;
                const handle =
                  c.pin === 'end' ? null : (
                    <ResizeHandle
                      header={c.header}
                      width={layout.widths[at] ?? 0}
                      dragging={drag?.id === c.id}
                      onResize={(width) => setDrag({ id: c.id, width })}
                      onCommit={(width) => {
                        setDrag(null);
                        changePrefs(withWidth(prefs, c.id, width));
                      }}
                      onReset={() => {
                        setDrag(null);
                        changePrefs(withWidth(prefs, c.id, undefined));
                      }}
                    />
                  );
                return (
                  <TableHeaderCell
                    key={h.id}
                    className={mergeClasses(
                      styles.head,
                      align === 'end' && styles.headEnd,
                      align === 'center' && styles.headCenter,
                      c.pin === 'end' && styles.pinned,
                      c.pin === 'end' && styles.headPinned,
                      last && styles.menuRoom,
                    )}
                    sortable={h.column.getCanSort()}
                    sortDirection={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    onClick={h.column.getToggleSortingHandler()}
                    data-column={c.id}
                    data-min-width={sizes[at]!.minWidth}
                    data-width={layout.widths[at]}
                    title={c.kind === 'time' && zone ? zone.long : undefined}
                    // Named by its text alone: the resize handle inside has a name of its own ("Resize …").
                    aria-labelledby={`${headId}-${i}`}
                    aside={
                      !last ? (
                        (handle ?? undefined)
                      ) : (
                        <>
                          {/* Inside a sortable header: its clicks are the menu's, not the sort's. */}
                          <span className={styles.menuSlot} onClick={(e) => e.stopPropagation()}>
                            <ColumnsMenu
                              columns={columns}
                              shown={shown}
                              folded={folded}
                              onToggle={(id) => changePrefs(toggleHidden(columns, prefs, id, folded))}
                              onReset={changedPrefs(prefs) ? () => changePrefs(NO_PREFS) : undefined}
                            />
                          </span>
                          {handle}
                        </>
                      )
                    }
                  >
                    <span id={`${headId}-${i}`}>
                      {withBreaks(c.kind === 'time' && zone ? zone.label(c.header) : c.header)}
                    </span>
                  </TableHeaderCell>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>{body()}</TableBody>
        </Table>
        {view === 'empty' && <EmptyState width={inner} testId={testId} action={emptyAction} />}
        {view === 'error' && <ErrorState width={inner} testId={testId} onRetry={onRetry} />}
      </div>
    </div>
  );
}
