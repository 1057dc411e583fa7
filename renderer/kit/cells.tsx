/** What one cell of the DataTable shows: a value of its kind, cut or wrapped, or the column's own rendering. */
import { makeStyles, mergeClasses, Tooltip } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { displayValue, type Column, type Overflow } from './columns.js';

const useStyles = makeStyles({
  ellipsis: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  // `anywhere`, not `break-word`: it also lets the column's minimum hold (a long unbroken address).
  wrap: { display: 'block', overflowWrap: 'anywhere', whiteSpace: 'normal', minWidth: 0 },
  figures: { fontVariantNumeric: 'tabular-nums' },
});

/**
 * One line, cut with an ellipsis; the whole text in a tooltip, only when it is cut.
 * The tooltip is made when the pointer first comes to a cut text, not with the cell (the text takes no focus): a list of
 * 50 rows drew some 500 Fluent tooltips, each with its positioning and timers, and they were a fifth of the
 * script a move to the order list ran (docs/shell.md "Where a move's time goes").
 */
export function OverflowText({ text, className }: { text: string; className?: string | undefined }) {
  const styles = useStyles();
  const ref = useRef<HTMLSpanElement>(null);
  const [tip, setTip] = useState(false);
  const [visible, setVisible] = useState(false);
  const cut = () => {
    const el = ref.current;
    return !!el && el.scrollWidth > el.clientWidth;
  };
  const come = () => {
    if (tip || !cut()) return;
    setTip(true);
    setVisible(true);
  };
  // Wrapping the text in its tooltip mounts the text afresh under a pointer that has not moved: until the browser
  // notices, the new text was never entered, so leaving it fires no leave and the tooltip stayed for good (a quick
  // move away, one time in many). While it shows, any pointer move outside the text hides it.
  useEffect(() => {
    if (!visible) return;
    const away = (e: PointerEvent) => {
      if (!(e.target instanceof Node && ref.current?.contains(e.target))) setVisible(false);
    };
    document.addEventListener('pointermove', away, true);
    return () => document.removeEventListener('pointermove', away, true);
  }, [visible]);
  const span = (
    <span ref={ref} className={mergeClasses(styles.ellipsis, className)} onPointerEnter={come}>
      {text}
    </span>
  );
  if (!tip) return span;
  return (
    // The text itself is in the page for assistive technology: the tooltip only shows what is cut.
    <Tooltip
      content={text}
      relationship="inaccessible"
      visible={visible}
      onVisibleChange={(_, d) => setVisible(d.visible && cut())}
    >
      {span}
    </Tooltip>
  );
}

/** The content of `column`'s cell for `row`. */
export function CellContent<Row>({ column, row }: { column: Column<Row>; row: Row }): ReactNode {
  const styles = useStyles();
  if (column.render) {
    const content = column.render(row);
    if (!column.overflow) return content;
    return <span className={column.overflow === 'wrap' ? styles.wrap : styles.ellipsis}>{content}</span>;
  }
  const kind = column.kind ?? 'text';
  const text = displayValue(kind, column.value?.(row));
  const figures = kind === 'number' || kind === 'money' ? styles.figures : undefined;
  const overflow: Overflow = column.overflow ?? (kind === 'time' ? 'wrap' : 'ellipsis');
  if (overflow === 'ellipsis') return <OverflowText text={text} className={figures} />;
  return <span className={mergeClasses(styles.wrap, figures)}>{text}</span>;
}
