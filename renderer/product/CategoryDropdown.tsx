/** A category picker over one tenant's tree (`product.categoryOptions`), indented by level. */
import { Dropdown, Option } from '@fluentui/react-components';
import type { Ref } from 'react';
import { useOp } from '../bridge.js';
import { forTenant, useFilterShown } from '../kit/index.js';

export interface CategoryDropdownProps {
  /** Whose tree; none for the user's own. */
  tenantId: number | undefined;
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
  onBlur?: () => void;
  placeholder: string;
  /** Offer "all" first (a filter). */
  clearLabel?: string;
  testId?: string;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function CategoryDropdown({
  tenantId,
  value,
  onChange,
  onBlur,
  placeholder,
  clearLabel,
  testId,
  disabled,
  ref,
}: CategoryDropdownProps) {
  const options = useOp('product.categoryOptions', { body: forTenant(tenantId) }, { staleTime: 30_000 });
  const selected = options.data?.find((o) => o.id === value);
  useFilterShown(value === undefined ? undefined : (selected?.name ?? `#${value}`));
  return (
    <Dropdown
      ref={ref}
      placeholder={placeholder}
      value={selected?.name ?? ''}
      selectedOptions={value === undefined ? [] : [String(value)]}
      onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : undefined)}
      onBlur={onBlur}
      disabled={disabled}
      data-testid={testId}
    >
      {clearLabel !== undefined && <Option value="">{clearLabel}</Option>}
      {(options.data ?? []).map((o) => (
        <Option key={o.id} value={String(o.id)} text={o.name}>{`${'\u3000'.repeat(o.depth)}${o.name}`}</Option>
      ))}
    </Dropdown>
  );
}
