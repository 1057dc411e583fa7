/**
 * Province → city → district, from the national division data: the way every
 * address of the console is picked (a point's area; invoices and enterprise
 * customers next). Three comboboxes side by side, wrapping when narrow; each
 * filters its list as the user types, which is kinder than scrolling when a
 * province has 20 cities and a city 30 districts. Choosing a level clears
 * the levels below it. The value in and out is a six-digit code.
 *
 * Put it in a Fluent `Field`: the field's label names the group, its
 * validation message describes each list, and a click on the label focuses
 * the province. The lists leave the Field's context behind (three controls
 * must not share its one control id).
 */
import {
  Button,
  Combobox,
  FieldContextProvider,
  makeStyles,
  Option,
  tokens,
  useFieldContext_unstable,
  useId,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useEffect, useImperativeHandle, useRef, useState, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Region } from '../../shared/regions.js';
import { useFilterShown } from './FilterBar.js';
import { useTypedFilter } from './useTypedFilter.js';
import {
  chooseIn,
  chosenOf,
  loadRegions,
  matching,
  regionColumns,
  regionValue,
  type RegionColumn,
  type RegionLevel,
} from './regions.js';

/** Narrower than three lists of ~8 characters: one list a line, rather than two on one line and one below. */
const STACKED = '@container region (max-width: 399.98px)';

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    minWidth: 0,
    containerType: 'inline-size',
    containerName: 'region',
  },
  // Fluent's 250 px minimum would put each list on a line of its own even in a wide dialog.
  box: { flexGrow: 1, flexShrink: 1, flexBasis: '120px', minWidth: 0, [STACKED]: { flexBasis: '100%' } },
  input: { minWidth: 0, textOverflow: 'ellipsis' },
});

export interface RegionPickerHandle {
  /** Focuses the first list still to choose in (react-hook-form focuses a field in error with it). */
  focus(): void;
}

export interface RegionPickerProps {
  /** The chosen division's code (GB/T 2260); none for no choice. */
  value: string | undefined;
  onChange: (code: string | undefined) => void;
  /**
   * An address (a form): the value is only a division without subdivisions
   * (a district, or a city without districts); until one is chosen it is
   * undefined. Otherwise (a filter) the value is the deepest level chosen.
   */
  leafOnly?: boolean;
  /** The focus left the picker (all its lists): a form marks the field touched. */
  onBlur?: () => void;
  disabled?: boolean;
  /** The group's name when it is not in a labelled Field. */
  'aria-label'?: string;
  /** Test ids of the lists: `<testId>-province`, `<testId>-city`, `<testId>-district`. */
  testId?: string;
  ref?: Ref<RegionPickerHandle>;
}

/** The division data, loaded on first use; `retry` after a failed load. */
function useRegions() {
  const [state, setState] = useState<{ tree?: readonly Region[]; failed?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadRegions().then(
      (tree) => live && setState({ tree }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setState({});
    setAttempt((a) => a + 1);
  };
  return { ...state, retry };
}

/** While the data loads: the picker's shape, every list disabled. */
const WAITING: readonly RegionColumn[] = [
  { level: 'province', options: [] },
  { level: 'city', options: [] },
  { level: 'district', options: [] },
];

export function RegionPicker({
  value,
  onChange,
  leafOnly = false,
  onBlur,
  disabled = false,
  testId,
  ref,
  ...aria
}: RegionPickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const field = useFieldContext_unstable();
  const ownId = useId('region-');
  const { tree, failed, retry } = useRegions();

  // The deepest level chosen, which in `leafOnly` mode is more than the value until a district is chosen.
  const [code, setCode] = useState(value);
  // A value from outside (a reset, a point to edit) replaces the choice; the value we gave back does not.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const given = tree ? regionValue(chosenOf(tree, code), leafOnly) : code;
    if (value !== given) setCode(value);
  }

  const chosen = tree ? chosenOf(tree, code) : [];
  useFilterShown(chosen.length > 0 ? chosen.map((r) => r.n).join(' ') : value);
  const columns = tree ? regionColumns(tree, chosen) : WAITING;

  const pick = (index: number, picked: string | undefined) => {
    const next = chooseIn(columns, chosen, index, picked);
    setCode(next[next.length - 1]?.c);
    const out = regionValue(next, leafOnly);
    if (out !== value) onChange(out);
  };

  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  useImperativeHandle(ref, () => ({
    focus: () => {
      const open = columns.findIndex((c) => !c.selected && c.options.length > 0);
      inputs.current[Math.max(open, 0)]?.focus();
    },
  }));

  const leave = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur?.();
  };

  const invalid = field?.validationState === 'error';
  // Mark the lists still to choose in; when every list has its choice, the choice itself was refused.
  const toChoose = columns.filter((c) => !c.selected && c.options.length > 0).length;
  const placeholder = (level: RegionLevel, index: number) => {
    if (index === 0 && failed) return t('region.loadFailed');
    if (index === 0 && !tree) return t('region.loading');
    return t(`region.${level}`);
  };

  return (
    <div
      role="group"
      aria-labelledby={field?.labelId}
      aria-label={field?.labelId ? undefined : aria['aria-label']}
      aria-busy={!tree && !failed}
      className={styles.group}
      onBlur={leave}
      data-testid={testId}
    >
      <FieldContextProvider value={undefined}>
        {columns.map((column, index) => (
          <LevelBox
            key={column.level}
            column={column}
            // The first list takes the Field's control id: its label's click focuses the province.
            id={index === 0 && field?.generatedControlId ? field.generatedControlId : `${ownId}-${column.level}`}
            label={t(`region.${column.level}`)}
            placeholder={placeholder(column.level, index)}
            disabled={disabled || column.options.length === 0}
            required={field?.required}
            invalid={invalid && (toChoose === 0 || (!column.selected && column.options.length > 0))}
            describedBy={field?.validationMessageId}
            inputRef={(el) => {
              inputs.current[index] = el;
            }}
            onPick={(picked) => pick(index, picked)}
            testId={testId && `${testId}-${column.level}`}
          />
        ))}
      </FieldContextProvider>
      {failed && (
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          onClick={retry}
          data-testid={testId && `${testId}-retry`}
        >
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

interface LevelBoxProps {
  column: RegionColumn;
  id: string;
  label: string;
  placeholder: string;
  disabled: boolean;
  required: boolean | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  inputRef: (el: HTMLInputElement | null) => void;
  onPick: (code: string | undefined) => void;
  testId: string | undefined;
}

/** One level's list: shows the chosen name, or what is being typed with the names that hold it. */
function LevelBox({
  column,
  id,
  label,
  placeholder,
  disabled,
  required,
  invalid,
  describedBy,
  inputRef,
  onPick,
  testId,
}: LevelBoxProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const typed = useTypedFilter();
  const { query } = typed;
  const selected = column.options.find((r) => r.c === column.selected);
  const shown = matching(column.options, query);
  return (
    <Combobox
      ref={inputRef}
      id={id}
      className={styles.box}
      input={{ className: styles.input }}
      aria-label={label}
      // Fluent names its chevron button "Open <label>" in English whatever the language.
      expandIcon={{ 'aria-label': t('region.open', { level: label }) }}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      required={required}
      placeholder={placeholder}
      disabled={disabled}
      clearable
      value={query ?? selected?.n ?? ''}
      selectedOptions={selected ? [selected.c] : []}
      {...typed.props}
      onOptionSelect={(e, d) => {
        // Fluent drops the selection as soon as the typed text stops matching it: keep the choice
        // until another is made, so a stray key does not clear the levels below. Emptying the box
        // does clear it (the keyboard's way to do what the clear button does).
        if (e.type === 'change' && (e.target as HTMLInputElement).value !== '') return;
        if (d.optionValue === '') return;
        typed.clear();
        onPick(d.optionValue);
      }}
      data-testid={testId}
    >
      {shown.length > 0 ? (
        shown.map((r) => (
          <Option key={r.c} value={r.c} text={r.n}>
            {r.n}
          </Option>
        ))
      ) : (
        // Fluent's own "no matches" row: announced, not selectable.
        <Option key="none" aria-disabled="true" value="" text="">
          {t('region.noMatch')}
        </Option>
      )}
    </Combobox>
  );
}
