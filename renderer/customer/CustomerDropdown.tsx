/** Choosing an enterprise customer (a staff list's filter, a staff member's customer) from the ones the user reaches (`customer.list`). */
import { Dropdown, Option } from '@fluentui/react-components';
import { useOp } from '../bridge.js';
import { useFilterShown } from '../kit/index.js';

export interface CustomerDropdownProps {
  value: number | undefined;
  onChange: (customerId: number | undefined) => void;
  placeholder: string;
  /** Offer "all" as the first option (a filter; a form chooses one). */
  allLabel?: string;
  testId: string;
}

export function CustomerDropdown({ value, onChange, placeholder, allLabel, testId }: CustomerDropdownProps) {
  const customers = useOp('customer.list', { body: {} }, { staleTime: 60_000 });
  const chosen = customers.data?.find((c) => c.id === value);
  // Inside a filter bar: its chip (its number until the names load).
  useFilterShown(value === undefined ? undefined : (chosen?.name ?? `#${value}`));
  return (
    <Dropdown
      placeholder={placeholder}
      value={chosen?.name ?? (value === undefined && allLabel !== undefined ? allLabel : '')}
      selectedOptions={value === undefined ? (allLabel !== undefined ? [''] : []) : [String(value)]}
      onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : undefined)}
      data-testid={testId}
    >
      {allLabel !== undefined && <Option value="">{allLabel}</Option>}
      {(customers.data ?? []).map((c) => (
        <Option key={c.id} value={String(c.id)}>
          {c.name}
        </Option>
      ))}
    </Dropdown>
  );
}
