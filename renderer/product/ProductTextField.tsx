/**
 * A product's text field as both product forms draw it — the library's
 * dialog and the new-product page: its label and placeholder are the
 * product's own words (`product.product.<name>`), a price takes the decimal
 * keyboard.
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormInput } from '../app/FormInput.js';
import { useScreen } from '../kit/index.js';

type ProductText = 'number' | 'name' | 'model' | 'price' | 'brief';

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
