/**
 * The form grid every form uses: fields in as many columns as fit,
 * each at least its size (150–240 px by the fields' nature), all growing
 * alike, and never wider than the dialog at 400 px. Fluent's Dropdown,
 * Combobox and Input keep a minimum width of their own (the Dropdown 250
 * px): inside the grid they take their column instead, so a control never
 * spills over its neighbour.
 */
import { makeStyles, tokens, type GriffelStyle } from '@fluentui/react-components';

const grid = (min: number): GriffelStyle => ({
  display: 'grid',
  alignItems: 'start',
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`,
  gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  minWidth: '0',
  '& .fui-Dropdown, & .fui-Combobox, & .fui-Select, & .fui-Input, & .fui-SpinButton': {
    minWidth: '0',
    maxWidth: '100%',
  },
});

/** `size150` … `size240`: the grid whose columns are at least that wide. */
export const useFormGrid = makeStyles({
  size150: grid(150),
  size180: grid(180),
  size200: grid(200),
  size220: grid(220),
  size240: grid(240),
});
