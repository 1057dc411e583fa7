/** A filter's choice of one of a few values, or all of them (`undefined`). */
import { Dropdown, makeStyles, Option } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterField, useFilterShown } from './FilterBar.js';

const useStyles = makeStyles({ fill: { minWidth: 0, width: '100%' } });

export interface ChoiceProps<T extends string> {
  value: T | undefined;
  options: readonly T[];
  label: (value: T) => string;
  /** The text of "any of them". */
  all: string;
  onChange: (value: T | undefined) => void;
  testId: string;
  className?: string;
}

export function Choice<T extends string>({ value, options, label, all, onChange, testId, className }: ChoiceProps<T>) {
  useFilterShown(value === undefined ? undefined : label(value));
  return (
    <Dropdown
      className={className}
      value={value === undefined ? all : label(value)}
      selectedOptions={[value ?? '']}
      data-testid={testId}
      onOptionSelect={(_, d) => onChange((d.optionValue || undefined) as T | undefined)}
    >
      <Option value="">{all}</Option>
      {options.map((o) => (
        <Option key={o} value={o}>
          {label(o)}
        </Option>
      ))}
    </Dropdown>
  );
}

export interface ChoiceFilterProps<T extends string> {
  /** The field's label in the filter bar. */
  label: string;
  value: T | undefined;
  options: readonly T[];
  /** An option's words. */
  optionLabel: (value: T) => string;
  /** The text of "any of them": "All" unless the filter says otherwise. */
  all?: string;
  onChange: (value: T | undefined) => void;
  testId: string;
}

/** A filter bar's field choosing one of a few values (a state, a kind) or all of them: the field and its choice as one. */
export function ChoiceFilter<T extends string>({ label, optionLabel, all, ...choice }: ChoiceFilterProps<T>) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <FilterField label={label}>
      <Choice {...choice} label={optionLabel} all={all ?? t('common.all')} className={styles.fill} />
    </FilterField>
  );
}

/**
 * A filter's choice of one record by id (a device, a scene) among those
 * named: none to choose from, no field at all.
 */
export function IdChoiceFilter({
  label,
  value,
  onChange,
  items,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  items: readonly { id: number; name: string }[] | undefined;
  testId: string;
}) {
  const ids = useMemo(() => (items ?? []).map((i) => String(i.id)), [items]);
  if (ids.length === 0) return null;
  return (
    <ChoiceFilter
      label={label}
      value={value === undefined ? undefined : String(value)}
      onChange={(v) => onChange(v === undefined ? undefined : Number(v))}
      options={ids}
      optionLabel={(id) => items?.find((i) => String(i.id) === id)?.name ?? id}
      testId={testId}
    />
  );
}

const ON = ['on'] as const;

/**
 * A filter that narrows to the rows with a flag — open changes only,
 * stalled pushes only — or leaves them all: a choice of one named option,
 * bound to the filter's boolean as typed.
 */
export function FlagFilter({
  label,
  value,
  onChange,
  optionLabel,
  testId,
}: {
  label: string;
  value: boolean | undefined;
  onChange: (value: true | undefined) => void;
  /** What choosing the flag means ("Open only"). */
  optionLabel: string;
  testId: string;
}) {
  return (
    <ChoiceFilter
      label={label}
      value={value ? 'on' : undefined}
      onChange={(v) => onChange(v === 'on' ? true : undefined)}
      options={ON}
      optionLabel={() => optionLabel}
      testId={testId}
    />
  );
}
