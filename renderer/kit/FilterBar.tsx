/**
 * The filters above a list: labelled fields, then Search and Reset kept
 * together. Fields share the row and wrap as the width runs out; below
 * ~600 px of its own width each field takes the whole line. A container
 * query, not the window's width: the side menu takes part of a wide window.
 */
import { Button, Field, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const NARROW = '@container filters (max-width: 600px)';

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
});

export interface FilterFieldProps {
  label: string;
  children: ReactNode;
  /** Holds several controls (a RegionPicker): twice the room of a text filter. */
  wide?: boolean;
  /** What is wrong with the value typed (the search waits until it is right). */
  error?: string | undefined;
}

/** One labelled filter (the label above its input). */
export function FilterField({ label, children, wide = false, error }: FilterFieldProps) {
  const styles = useStyles();
  return (
    <Field label={label} className={mergeClasses(styles.field, wide && styles.wide)} validationMessage={error} validationState={error ? 'error' : 'none'}>
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
  searchTestId?: string;
  resetTestId?: string;
}

export function FilterBar({ children, onSearch, onReset, searchTestId, resetTestId }: FilterBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <div className={styles.frame}>
      <form className={styles.form} onSubmit={submit} role="search">
        {children}
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" icon={<SearchRegular />} data-testid={searchTestId}>{t('common.search')}</Button>
          <Button type="button" icon={<ArrowResetRegular />} onClick={onReset} data-testid={resetTestId}>{t('common.reset')}</Button>
        </div>
      </form>
    </div>
  );
}
