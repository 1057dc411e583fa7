/**
 * A field choosing several of a few hundred named records (a tenant's
 * devices, scenes, products, groups): Fluent's multiselect dropdown, the
 * chosen ones' names joined as its value.
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface MultiPickProps {
  label: string;
  options: readonly { id: number; text: string }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** What shows while nothing is chosen. */
  placeholder: string;
  testId: string;
  required?: boolean;
  error?: string | undefined;
}

export function MultiPick({ label, options, value, onChange, placeholder, testId, required, error }: MultiPickProps) {
  const { t } = useTranslation();
  const chosen = options.filter((o) => value.includes(o.id));
  return (
    <Field label={label} required={required} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Dropdown
        multiselect
        placeholder={placeholder}
        value={chosen.map((o) => o.text).join(t('common.listSeparator'))}
        selectedOptions={value.map(String)}
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
        data-testid={testId}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
