/**
 * One choice of a react-hook-form form as radio buttons in a row: a Fluent
 * Field with its label and required mark around a RadioGroup bound to the
 * form's field (an activity's target and crowd, a group's identifier, a
 * rollout's target).
 */
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormRadioProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; text: string; testId?: string }[];
  disabled?: boolean;
  testId: string;
}

export function FormRadio<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
  testId,
}: FormRadioProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} required>
          <RadioGroup
            layout="horizontal"
            value={field.value as string}
            disabled={disabled}
            onChange={(_, d) => field.onChange(d.value)}
            data-testid={testId}
          >
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.text} data-testid={o.testId} />
            ))}
          </RadioGroup>
        </Field>
      )}
    />
  );
}
