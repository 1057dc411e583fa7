/**
 * The filters above a list: labelled fields, then Search and Reset kept
 * together. Fields share the row and wrap as the width runs out; below
 * ~600 px of its own width each field takes the whole line. A container
 * query, not the window's width: the side menu takes part of a wide window.
 *
 * In a narrow window (a phone-sized one, where seven stacked filters filled
 * the first screen before the first row) the fields fold behind a
 * "Filters (n)" button — n the filters applied by the last search — and fold
 * again once a search is made.
 */
import { useZoneNote } from './zone.js';
import { Button, Field, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, FilterRegular, SearchRegular } from '@fluentui/react-icons';
import { useId, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const NARROW = '@container filters (max-width: 600px)';
/** The window width below which the fields fold. */
export const FOLD_QUERY = '(max-width: 640px)';

const subscribeFold = (onChange: () => void) => {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(FOLD_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const folds = () => typeof matchMedia === 'function' && matchMedia(FOLD_QUERY).matches;

/** How many filters a draft sets: its fields that hold something (a bare value counts as one). */
export function countActive(values: unknown): number {
  const set = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);
  if (values !== null && typeof values === 'object' && !Array.isArray(values)) return Object.values(values).filter(set).length;
  return set(values) ? 1 : 0;
}

const useStyles = makeStyles({
  // A size container has no content width of its own: the basis is what makes a neighbour (a create
  // button) wrap below it on a narrow screen instead of squeezing it.
  frame: { containerType: 'inline-size', containerName: 'filters', minWidth: 0, flexGrow: 1, flexShrink: 1, flexBasis: '480px' },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  field: {
    flexGrow: 1, flexShrink: 1, flexBasis: '200px', minWidth: 0, maxWidth: '280px',
    // The field's own control only: a composite one (the region picker) sizes the controls inside it.
    '& > .fui-Input, & > .fui-Dropdown, & > .fui-Combobox, & > .fui-Select': { width: '100%', minWidth: 0 },
    [NARROW]: { flexBasis: '100%', maxWidth: 'none' },
  },
  // Room for several controls side by side (province, city, district).
  wide: { flexBasis: '400px', maxWidth: '560px', [NARROW]: { flexBasis: '100%', maxWidth: 'none' } },
  buttons: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  toggle: { alignSelf: 'flex-start' },
  // The attribute alone would lose to the form's display: flex.
  folded: { display: 'none' },
});

export interface FilterFieldProps {
  label: string;
  children: ReactNode;
  /** Holds several controls (a RegionPicker): twice the room of a text filter. */
  wide?: boolean;
  /** What is wrong with the value typed (the search waits until it is right). */
  error?: string | undefined;
  /** A time typed on the business clock: says "China time" where this computer's differs (kit/zone.ts). */
  time?: boolean;
}

/** One labelled filter (the label above its input). */
export function FilterField({ label, children, wide = false, error, time = false }: FilterFieldProps) {
  const styles = useStyles();
  const zone = useZoneNote();
  const note = time && zone;
  return (
    // The zone in the label, the sentence on hover: a hint line would make the time fields taller than their row.
    <Field label={note ? { children: zone.label(label), title: zone.long } : label}
      className={mergeClasses(styles.field, wide && styles.wide)} validationMessage={error} validationState={error ? 'error' : 'none'}>
      {children}
    </Field>
  );
}

export interface FilterBarProps {
  /** The filter fields (`FilterField`s). */
  children: ReactNode;
  /** Search with the values typed. */
  onSearch: () => void;
  /** Clear the fields and search again. */
  onReset: () => void;
  /** The fields' values as typed (the screen's draft): counted when searched, for the folded bar's "Filters (n)". */
  values?: unknown;
  searchTestId?: string;
  resetTestId?: string;
}

export function FilterBar({ children, onSearch, onReset, values, searchTestId, resetTestId }: FilterBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const narrow = useSyncExternalStore(subscribeFold, folds, () => false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => countActive(values));
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setActive(countActive(values));
    setOpen(false);
    onSearch();
  };
  const reset = () => {
    setActive(0);
    setOpen(false);
    onReset();
  };
  const shown = !narrow || open;
  return (
    <div className={styles.frame}>
      {narrow && (
        <Button className={styles.toggle} icon={<FilterRegular />} aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}
          appearance={active > 0 ? 'primary' : 'secondary'} data-testid="filters-toggle">
          {active > 0 ? t('common.filtersActive', { count: active }) : t('common.filters')}
        </Button>
      )}
      {/* Folded, not unmounted: what was typed stays. */}
      <form id={formId} className={mergeClasses(styles.form, !shown && styles.folded)} onSubmit={submit} role="search" hidden={!shown}>
        {children}
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" icon={<SearchRegular />} data-testid={searchTestId}>{t('common.search')}</Button>
          <Button type="button" icon={<ArrowResetRegular />} onClick={reset} data-testid={resetTestId}>{t('common.reset')}</Button>
        </div>
      </form>
    </div>
  );
}
