/**
 * The data table's column controls: a resize handle at the right edge of a
 * header cell (drag it, or focus it and use the arrow keys; a double-click
 * or Delete returns the column to its own size) and the columns menu in the
 * last header cell (show or hide columns, restore the defaults).
 */
import {
  makeStyles,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowResetRegular, TableSettingsRegular } from '@fluentui/react-icons';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canHide, clampWidth, RESIZE_STEP } from './columnPrefs.js';
import type { Column } from './columns.js';

const useStyles = makeStyles({
  handle: {
    // Inside its own cell: a sticky header cell is a stacking context of its own, so the next one would paint over an overhang.
    position: 'absolute',
    top: 0,
    bottom: 0,
    right: 0,
    width: '8px',
    zIndex: 1,
    cursor: 'col-resize',
    touchAction: 'none',
    '::after': {
      content: '""',
      position: 'absolute',
      top: '25%',
      bottom: '25%',
      right: 0,
      width: '2px',
      borderRadius: '1px',
      backgroundColor: tokens.colorNeutralStroke1,
    },
    ':hover::after': { backgroundColor: tokens.colorBrandStroke1, top: 0, bottom: 0 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  dragging: { '::after': { backgroundColor: tokens.colorBrandStroke1, top: 0, bottom: 0 } },
});

interface ResizeHandleProps {
  header: string;
  /** The width drawn now (px). */
  width: number;
  /** While dragging or stepping: the width to draw. */
  onResize: (width: number) => void;
  /** The drag or step is over: keep `width`. */
  onCommit: (width: number) => void;
  /** Back to the column's own size. */
  onReset: () => void;
  dragging: boolean;
}

export function ResizeHandle({ header, width, onResize, onCommit, onReset, dragging }: ResizeHandleProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const start = useRef<{ x: number; width: number; last: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, width, last: width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s) return;
    const next = clampWidth(s.width + e.clientX - s.x);
    if (next === s.last) return;
    s.last = next;
    onResize(next);
  };
  const onPointerUp = () => {
    const s = start.current;
    start.current = null;
    if (s && s.last !== s.width) onCommit(s.last);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? RESIZE_STEP : e.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
    if (step !== 0) onCommit(clampWidth(width + step));
    else if (e.key === 'Delete' || e.key === 'Backspace') onReset();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    // A focusable separator is the ARIA pattern of a splitter: it has a value and takes arrow keys.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('table.resize', { column: header })}
      aria-valuenow={width}
      tabIndex={0}
      className={mergeClasses(styles.handle, dragging && styles.dragging)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => {
        e.stopPropagation();
        onReset();
      }}
      onKeyDown={onKeyDown}
      data-testid="column-resize"
    />
  );
}

interface ColumnsMenuProps<Row> {
  columns: readonly Column<Row>[];
  /** The columns drawn (columnPrefs.ts `visibleColumns`). */
  shown: readonly Column<Row>[];
  /** Ids of the columns folded away for width: unticked, said so, shown anyway when ticked. */
  folded?: readonly string[];
  onToggle: (id: string) => void;
  /** Set when anything differs from the screen's own columns. */
  onReset?: () => void;
}

export function ColumnsMenu<Row>({ columns, shown: drawn, folded = [], onToggle, onReset }: ColumnsMenuProps<Row>) {
  const { t } = useTranslation();
  const shown = drawn.map((c) => c.id);
  // The last column shown cannot be hidden: the menu says so by disabling it.
  const lastShown = drawn.filter(canHide).length === 1;
  return (
    <Menu
      positioning={{ position: 'below', align: 'end', autoSize: true }}
      checkedValues={{ columns: shown }}
      onCheckedValueChange={(_, d) => {
        const changed = columns.find((c) => shown.includes(c.id) !== d.checkedItems.includes(c.id));
        if (changed) onToggle(changed.id);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('table.columns')} relationship="label">
          <MenuButton
            size="small"
            appearance="subtle"
            icon={<TableSettingsRegular />}
            menuIcon={null}
            data-testid="columns-menu"
          />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('table.showColumns')}</MenuGroupHeader>
            {columns.map((c) => {
              const fixed = !canHide(c) || (lastShown && shown.includes(c.id));
              return (
                <MenuItemCheckbox
                  key={c.id}
                  name="columns"
                  value={c.id}
                  disabled={fixed}
                  data-testid="columns-menu-item"
                  data-column={c.id}
                  title={!canHide(c) ? t('table.keptColumn', { column: c.header }) : undefined}
                  secondaryContent={folded.includes(c.id) ? t('table.folded') : undefined}
                >
                  {c.header}
                </MenuItemCheckbox>
              );
            })}
          </MenuGroup>
          {onReset && (
            <>
              <MenuDivider />
              <MenuItem icon={<ArrowResetRegular />} onClick={onReset} data-testid="columns-reset">
                {t('table.resetColumns')}
              </MenuItem>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
