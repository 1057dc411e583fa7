/**
 * One choice of a react-hook-form form as a dropdown: a Fluent Field with its
 * label, required mark and the field's (localised) error, around a Dropdown
 * of the options bound to the form's string field ('' while nothing is
 * chosen). `onChosen` runs after the form took the value (clear what
 * depended on the last one).
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormChoiceProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; text: string }[];
  required?: boolean;
  disabled?: boolean;
  onChosen?: (value: string) => void;
  testId: string;
}

export function FormChoice<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = true,
  disabled = false,
  onChosen,
  testId,
}: FormChoiceProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          required={required}
          validationMessage={fieldState.error?.message}
          validationState={fieldState.error ? 'error' : 'none'}
        >
          <Dropdown
            ref={field.ref}
            value={options.find((o) => o.value === field.value)?.text ?? ''}
            selectedOptions={[field.value as string]}
            disabled={disabled}
            onOptionSelect={(_, d) => {
              field.onChange(d.optionValue ?? '');
              onChosen?.(d.optionValue ?? '');
            }}
            data-testid={testId}
          >
            {options.map((o) => (
              <Option key={o.value} value={o.value}>
                {o.text}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
    />
  );
}
