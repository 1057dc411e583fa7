/** A filter's choice of one of a few values, or all of them (`undefined`). */
import { Dropdown, Option } from '@fluentui/react-components';
import { useFilterShown } from './FilterBar.js';

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
    <Dropdown className={className} value={value === undefined ? all : label(value)} selectedOptions={[value ?? '']} data-testid={testId}
      onOptionSelect={(_, d) => onChange((d.optionValue || undefined) as T | undefined)}>
      <Option value="">{all}</Option>
      {options.map((o) => <Option key={o} value={o}>{label(o)}</Option>)}
    </Dropdown>
  );
}
