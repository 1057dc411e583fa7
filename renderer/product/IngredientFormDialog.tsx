/**
 * Create / edit an ingredient: number, name, type (solid or liquid) and a
 * unit of that type; the system admin chooses the tenant first. A refused
 * submit keeps what was typed; a vanished ingredient (2801) closes it.
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import {
  INGREDIENT_LIMITS,
  INGREDIENT_TYPES,
  INGREDIENT_UNITS,
  ingredientForm,
  type IngredientItem,
  type IngredientType,
  type IngredientUnit,
} from '../../shared/product/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { useUser } from '../app/session.js';
import {
  FormDialog,
  forTenant,
  tenantChoice,
  type TenantChoice,
  useDialogSave,
  FormTenantField,
} from '../kit/index.js';

interface Values {
  number: string;
  name: string;
  type: IngredientType | undefined;
  unit: IngredientUnit | undefined;
  tenantId?: number | undefined;
}

const tenantId = z.number({ error: 'validation.required' }).int().positive();
const schemaFor = (choice: TenantChoice): z.ZodType<Values, Values> => {
  if (choice === 'required') return z.object({ tenantId }).and(ingredientForm) as never;
  if (choice === 'optional') return z.object({ tenantId: tenantId.optional() }).and(ingredientForm) as never;
  return ingredientForm as never;
};

export function IngredientFormDialog({
  ingredient,
  onClose,
  onGone,
}: {
  ingredient?: IngredientItem | undefined;
  onClose: () => void;
  onGone?: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const choice = tenantChoice(user, !ingredient);
  const create = useOpMutation('product.ingredientCreate', { invalidates: ['product.ingredientPage'] });
  const update = useOpMutation('product.ingredientUpdate', { invalidates: ['product.ingredientPage'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schemaFor(choice), t),
    defaultValues: {
      number: ingredient?.number ?? '',
      name: ingredient?.name ?? '',
      type: ingredient?.type,
      unit: ingredient?.unit,
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = useDialogSave(form, {
    save: ({ tenantId: requested, ...values }) => {
      const body = { ...values, type: values.type!, unit: values.unit! };
      return ingredient
        ? update.mutateAsync({ params: { id: ingredient.id }, body })
        : create.mutateAsync({ body: { ...body, ...forTenant(requested) } });
    },
    saved: t(ingredient ? 'product.ingredient.updated' : 'product.ingredient.created'),
    failed: t(ingredient ? 'product.ingredient.saveFailed' : 'product.ingredient.createFailed'),
    goneCode: ingredient ? CODE.ingredientNotFound : undefined,
    limits: INGREDIENT_LIMITS,
    onClose,
    onGone,
  });
  return (
    <FormDialog
      title={t(ingredient ? 'product.ingredient.editTitle' : 'product.ingredient.createTitle')}
      {...submit.dialog}
      testId="ingredient-form"
    >
      <FormTenantField control={form.control} choice={choice} testId="ingredient-form-tenant" />
      <FormInput
        control={form.control}
        name="number"
        label={t('product.ingredient.number')}
        input={{ placeholder: t('product.category.numberPlaceholder'), 'data-testid': 'ingredient-form-number' }}
      />
      <FormInput
        control={form.control}
        name="name"
        label={t('product.ingredient.name')}
        input={{ placeholder: t('product.ingredient.namePlaceholder'), 'data-testid': 'ingredient-form-name' }}
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field, fieldState }) => (
          <Field label={t('product.ingredient.type')} required validationMessage={fieldState.error?.message}>
            <Dropdown
              ref={field.ref}
              placeholder={t('product.ingredient.typePlaceholder')}
              value={field.value ? t(`product.ingredient.types.${field.value}`) : ''}
              selectedOptions={field.value ? [field.value] : []}
              onBlur={field.onBlur}
              data-testid="ingredient-form-type"
              // Another type has other units: the one chosen for the last means nothing now.
              onOptionSelect={(_, d) => {
                field.onChange(d.optionValue);
                form.setValue('unit', undefined);
              }}
            >
              {INGREDIENT_TYPES.map((x) => (
                <Option key={x} value={x}>
                  {t(`product.ingredient.types.${x}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="unit"
        render={({ field, fieldState }) => (
          <Field label={t('product.ingredient.unit')} required validationMessage={fieldState.error?.message}>
            <Dropdown
              ref={field.ref}
              placeholder={t('product.ingredient.unitPlaceholder')}
              value={field.value ? t(`product.ingredient.units.${field.value}`) : ''}
              selectedOptions={field.value ? [field.value] : []}
              onBlur={field.onBlur}
              disabled={!type}
              data-testid="ingredient-form-unit"
              onOptionSelect={(_, d) => field.onChange(d.optionValue)}
            >
              {(type ? INGREDIENT_UNITS[type] : []).map((u) => (
                <Option key={u} value={u}>
                  {t(`product.ingredient.units.${u}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
    </FormDialog>
  );
}
