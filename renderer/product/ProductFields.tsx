/**
 * A product's fields as both product forms draw them — the library's dialog
 * and the new-product page.
 */
import { Field } from '@fluentui/react-components';
import { Controller, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormInput } from '../app/FormInput.js';
import { ImageUploader } from '../file/index.js';
import { useScreen } from '../kit/index.js';

type ProductText = 'number' | 'name' | 'model' | 'price' | 'brief';

/** A text field: its label and placeholder the product's own words (`product.product.<name>`); a price takes the decimal keyboard. */
export function ProductTextField<T extends FieldValues>({
  control,
  name,
  testId,
}: {
  control: Control<T>;
  name: ProductText & FieldPath<T>;
  testId: string;
}) {
  const { t } = useScreen();
  const key: ProductText = name;
  return (
    <FormInput
      control={control}
      name={name}
      label={t(`product.product.${key}`)}
      input={{
        placeholder: t(`product.product.${key}Placeholder`),
        ...(key === 'price' ? { inputMode: 'decimal' as const } : {}),
        'data-testid': testId,
      }}
    />
  );
}

/** The product's pictures, checked as they change: too many or none is said at once, not at the save. */
export function ProductImagesField<T extends FieldValues>({
  form,
  name,
  label,
  max,
  alt,
  disabled,
  testId,
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  max: number;
  alt: string;
  disabled: boolean;
  testId: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} required validationMessage={fieldState.error?.message}>
          <ImageUploader
            value={field.value}
            onChange={(ids) => {
              field.onChange(ids);
              void form.trigger(name);
            }}
            max={max}
            alt={alt}
            disabled={disabled}
            testId={testId}
          />
        </Field>
      )}
    />
  );
}
