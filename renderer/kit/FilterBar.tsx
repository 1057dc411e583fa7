/**
 * The filters above a list: labelled fields, then Search and Reset kept
 * together. Fields share the row and wrap as the width runs out; below
 * ~600 px of its own width each field takes the whole line. A container
 * query, not the window's width: the side menu takes part of a wide window.
 *
 * In a narrow window (a phone-sized one, where seven stacked filters filled
 * the first screen before the first row) the fields fold behind a
 * "Filters (n)" button — n the filters applied by the last search — with
 * those filters beside it as chips ("Status: Paid"), and fold again once a
 * search is made. Each field's words come from its control (`useFilterShown`).
 */
import { useZoneNote } from './zone.js';
import { Button, Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, FilterRegular, SearchRegular } from '@fluentui/react-icons';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

// How a filter's control tells the folded bar what it shows ("the active filters as
// chips"). Only the control knows the words for its value — a tenant's name, a state's label, the
// region's names — so the kit's controls report them, and the enclosing `FilterField` hands them,
// with its label, to the `FilterBar`. Outside a filter bar (a form) reporting does nothing.

/** What a field shows, trimmed; undefined when it filters nothing ("All", empty). */
export type Report = (text: string | undefined) => void;

export const FilterShownContext = createContext<Report | undefined>(undefined);

/** Report the text a control shows for its value while it sits in a filter field. */
export function useFilterShown(text: string | undefined): void {
  const report = useContext(FilterShownContext);
  const shown = text?.trim() || undefined;
  useEffect(() => {
    report?.(shown);
  }, [report, shown]);
}

/** One active filter as the folded bar shows it. */
export interface FilterChip {
  id: string;
  label: string;
  text: string;
}

/** What a filter bar gives its fields: where a field reports its label and text (undefined text: inactive or gone). */
export type ChipRegistry = (id: string, label: string, text: string | undefined) => void;

export const ChipRegistryContext = createContext<ChipRegistry | undefined>(undefined);

/** The registry's chips in the order the fields were first seen, the inactive ones left out. */
export const activeChips = (fields: ReadonlyMap<string, { label: string; text: string | undefined }>): FilterChip[] =>
  [...fields].flatMap(([id, { label, text }]) => (text === undefined ? [] : [{ id, label, text }]));

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

const useStyles = makeStyles({
  // A size container has no content width of its own: the basis is what makes a neighbour (a create
  // button) wrap below it on a narrow screen instead of squeezing it.
  frame: {
    containerType: 'inline-size',
    containerName: 'filters',
    minWidth: 0,
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: '480px',
  },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  field: {
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: '200px',
    minWidth: 0,
    maxWidth: '280px',
    // The field's own control only: a composite one (the region picker) sizes the controls inside it.
    '& > .fui-Input, & > .fui-Dropdown, & > .fui-Combobox, & > .fui-Select': { width: '100%', minWidth: 0 },
    [NARROW]: { flexBasis: '100%', maxWidth: 'none' },
  },
  // Room for several controls side by side (province, city, district).
  wide: { flexBasis: '400px', maxWidth: '560px', [NARROW]: { flexBasis: '100%', maxWidth: 'none' } },
  buttons: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  // The toggle and the chips of what applies, wrapping under each other when there are many.
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  chip: { minWidth: 0, maxWidth: '100%', fontWeight: tokens.fontWeightRegular },
  // A long keyword ends in an ellipsis rather than widening the page.
  chipText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
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
  /**
   * What the field shows, for the folded bar's chip, when its control is a plain text box
   * (the kit's choices, tenant, region and date fields report their own words).
   */
  shown?: string;
}

/** One labelled filter (the label above its input). */
export function FilterField({ label, children, wide = false, error, time = false, shown }: FilterFieldProps) {
  const styles = useStyles();
  const zone = useZoneNote();
  const note = time && zone;
  const id = useId();
  const registry = useContext(ChipRegistryContext);
  const report = useCallback((text: string | undefined) => registry?.(id, label, text), [registry, id, label]);
  // Gone (a filter shown only to some) or renamed (another language): the old entry filters nothing.
  useEffect(() => () => report(undefined), [report]);
  useEffect(() => {
    if (shown !== undefined) report(shown.trim() || undefined);
  }, [report, shown]);
  return (
    // The zone in the label, the sentence on hover: a hint line would make the time fields taller than their row.
    <Field
      label={note ? { children: zone.label(label), title: zone.long } : label}
      className={mergeClasses(styles.field, wide && styles.wide)}
      validationMessage={error}
      validationState={error ? 'error' : 'none'}
    >
      <FilterShownContext value={report}>{children}</FilterShownContext>
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
  searchTestId?: string;
  resetTestId?: string;
  /** The list's name, on a page of more than one list: each search landmark is then told apart. */
  label?: string;
}

const sameChips = (a: readonly FilterChip[], b: readonly FilterChip[]) =>
  a.length === b.length && a.every((c, i) => c.id === b[i]!.id && c.label === b[i]!.label && c.text === b[i]!.text);

export function FilterBar({ children, onSearch, onReset, searchTestId, resetTestId, label }: FilterBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const narrow = useSyncExternalStore(subscribeFold, folds, () => false);
  const [open, setOpen] = useState(false);
  const formId = useId();
  const shown = !narrow || open;

  // The chips are what the last search applied. Until a first search the fields show what applies
  // (the screen's opening filter), and while folded nobody can type in them: then a field's late
  // words (a tenant's name once the tenants load, another language) are taken as they come.
  const fields = useRef(new Map<string, { label: string; text: string | undefined }>());
  const [chips, setChips] = useState<FilterChip[]>([]);
  const searched = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = !searched.current || !shown;
  });
  const take = useCallback(
    () =>
      setChips((old) => {
        const now = activeChips(fields.current);
        return sameChips(old, now) ? old : now;
      }),
    [],
  );
  const registry = useCallback<ChipRegistry>(
    (id, label, text) => {
      fields.current.set(id, { label, text });
      if (live.current) take();
    },
    [take],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    searched.current = true;
    take();
    setOpen(false);
    onSearch();
  };
  const reset = () => {
    searched.current = true;
    setChips([]);
    setOpen(false);
    onReset();
  };
  const active = chips.length;
  return (
    <div className={styles.frame}>
      {narrow && (
        <div className={styles.bar}>
          <Button
            icon={<FilterRegular />}
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setOpen((o) => !o)}
            appearance={active > 0 ? 'primary' : 'secondary'}
            data-testid="filters-toggle"
          >
            {active > 0 ? t('filterBar.filtersActive', { count: active }) : t('filterBar.filters')}
          </Button>
          {!open && active > 0 && (
            <div className={styles.bar} role="group" aria-label={t('filterBar.applied')} data-testid="filter-chips">
              {chips.map((chip) => (
                // A chip opens the fields to change it: the search it belongs to is the form's.
                <Button
                  key={chip.id}
                  size="small"
                  shape="circular"
                  className={styles.chip}
                  aria-controls={formId}
                  onClick={() => setOpen(true)}
                  title={t('filterBar.chip', { label: chip.label, value: chip.text })}
                  data-testid="filter-chip"
                >
                  <span className={styles.chipText}>
                    {t('filterBar.chip', { label: chip.label, value: chip.text })}
                  </span>
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
      {/* Folded, not unmounted: what was typed stays. */}
      <ChipRegistryContext value={registry}>
        <form
          id={formId}
          className={mergeClasses(styles.form, !shown && styles.folded)}
          onSubmit={submit}
          role="search"
          aria-label={label === undefined ? undefined : t('pager.searchOf', { name: label })}
          hidden={!shown}
        >
          {children}
          <div className={styles.buttons}>
            <Button type="submit" appearance="primary" icon={<SearchRegular />} data-testid={searchTestId}>
              {t('common.search')}
            </Button>
            <Button type="button" icon={<ArrowResetRegular />} onClick={reset} data-testid={resetTestId}>
              {t('common.reset')}
            </Button>
          </div>
        </form>
      </ChipRegistryContext>
    </div>
  );
}

export interface TextFilterProps {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  testId: string;
  wide?: boolean;
  /** What to type, shown while the box is empty. */
  placeholder?: string;
}

/** A text box of a filter bar (a name, a number): its field, with what it holds as the folded bar's chip. */
export function TextFilter({ label, value, maxLength, onChange, testId, wide, placeholder }: TextFilterProps) {
  return (
    <FilterField label={label} shown={value} {...(wide ? { wide } : {})}>
      <Input
        value={value}
        maxLength={maxLength}
        onChange={(_, d) => onChange(d.value)}
        data-testid={testId}
        {...(placeholder ? { placeholder } : {})}
      />
    </FilterField>
  );
}
