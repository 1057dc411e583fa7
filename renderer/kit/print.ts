/**
 * A printable page (a share statement; what comes next to paper): while an
 * element of class PRINT_AREA is on screen, printing shows it alone on A4 —
 * centred in the page's margins, nothing of the shell, and no empty page
 * after it.
 *
 * Hiding the rest by `visibility` (the first way) kept its boxes: the
 * document sat where the side menu pushed it (about 50 mm right), ran into
 * the right margin, and the hidden shell's height made a blank second page.
 * So everything that neither holds nor lies within the area is not drawn at
 * all, and each box that holds it gives up its own offsets, sizes and scroll.
 */
import { makeStaticStyles } from '@fluentui/react-components';

export const PRINT_AREA = 'vend-print-area';

const A = `.${PRINT_AREA}`;

export const usePrintArea = makeStaticStyles(`@media print {
  @page { size: A4; margin: 14mm; }
  html:has(${A}), body:has(${A}) { height: auto !important; min-height: 0 !important; overflow: visible !important; }
  body:has(${A}) *:not(:has(${A})):not(${A}):not(${A} *) { display: none !important; }
  body:has(${A}) *:has(${A}) {
    display: block !important; position: static !important; inset: auto !important; transform: none !important;
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important;
    width: auto !important; min-width: 0 !important; max-width: none !important;
    height: auto !important; min-height: 0 !important; overflow: visible !important;
  }
  ${A} { display: block !important; position: static !important; width: 100% !important; max-width: none !important; margin: 0 !important; }
}`);
