/**
 * Create / edit a category (spec §5: name 1–10, number 1–20, description,
 * parent type and remark required). The parent picker offers the tenant's
 * categories that can take one more level; "new subcategory" opens it with
 * the parent chosen. A refused submit keeps everything typed, except "this
 * category no longer exists" (1104), which closes it and refreshes the list;
 * a parent deleted meanwhile (also 1104) is unchosen, the rest kept.
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORY_LIMITS, type CategoryItem } from '../../shared/product/index.js';
import { CODE } from '../../shared/domains.js';
import { callOp, useOp, useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { useUser } from '../app/session.js';
import { FormDialog, forTenant, tenantChoice, useDialogSave, FormTenantField } from '../kit/index.js';
import { categoryDialogSchema, parentChoices, type CategoryDialogValues } from './categorySchema.js';

/** The parent picker's value for "top level" (Fluent's options carry strings). */
const TOP = 'top';

export interface CategoryFormDialogProps {
  /** The category to edit; none to create. */
  category?: CategoryItem | undefined;
  /** Creating under this category (its tenant and it as the parent). */
  parent?: CategoryItem | undefined;
  onClose: () => void;
  onGone?: () => void;
}

export function CategoryFormDialog({ category, parent, onClose, onGone }: CategoryFormDialogProps) {
  const { t } = useTranslation();
  const user = useUser();
  // Under a given parent the tenant is the parent's: nothing to choose.
  const choice = tenantChoice(user, !category && !parent);
  const create = useOpMutation('product.categoryCreate', {
    invalidates: ['product.categoryPage', 'product.categoryOptions'],
  });
  const update = useOpMutation('product.categoryUpdate', {
    invalidates: ['product.categoryPage', 'product.categoryOptions', 'product.categoryInfo'],
  });

  const form = useConsoleForm<CategoryDialogValues>({
    resolver: zodI18nResolver(categoryDialogSchema(choice), t),
    defaultValues: {
      name: category?.name ?? '',
      number: category?.number ?? '',
      description: category?.description ?? '',
      remark: category?.remark ?? '',
      parentId: category ? category.parentId : (parent?.id ?? null),
      tenantId: parent?.tenantId ?? (choice === 'optional' ? (user.tenantId ?? undefined) : undefined),
    },
  });

  // The parents on offer are of the category's tenant: the chosen one, the row's, or the user's own.
  const chosenTenant = useWatch({ control: form.control, name: 'tenantId' });
  const tenantId = category?.tenantId ?? parent?.tenantId ?? chosenTenant ?? user.tenantId ?? undefined;
  const options = useOp('product.categoryOptions', { body: forTenant(tenantId) }, { enabled: tenantId !== undefined });
  const choices = parentChoices(options.data ?? [], category);

  const submit = useDialogSave(form, {
    save: ({ tenantId: requested, ...values }) => {
      if (category) return update.mutateAsync({ params: { id: category.id }, body: values });
      const owner = parent?.tenantId ?? requested;
      return create.mutateAsync({ body: { ...values, ...forTenant(owner) } });
    },
    saved: t(category ? 'product.category.updated' : 'product.category.created'),
    failed: t(category ? 'product.category.saveFailed' : 'product.category.createFailed'),
    goneCode: CODE.categoryNotFound,
    limits: CATEGORY_LIMITS,
    onClose,
    onGone,
    // 1104 names the category itself or the parent chosen: only a category that is gone closes the dialog.
    closesWhenGone: async () => {
      const itself = category
        ? await callOp('product.categoryInfo', { params: { id: category.id } }).then(
            () => false,
            () => true,
          )
        : false;
      if (!itself) form.setValue('parentId', null, { shouldDirty: true });
      return itself;
    },
  });
  return (
    <FormDialog
      title={t(category ? 'product.category.editTitle' : 'product.category.createTitle')}
      {...submit.dialog}
      testId="category-form"
    >
      <FormTenantField
        control={form.control}
        choice={choice}
        testId="category-form-tenant"
        onChange={() => {
          form.setValue('parentId', null);
        }}
      />
      <Controller
        control={form.control}
        name="parentId"
        render={({ field, fieldState }) => {
          const selected = choices.find((o) => o.id === field.value);
          return (
            <Field label={t('product.category.parent')} required validationMessage={fieldState.error?.message}>
              <Dropdown
                ref={field.ref}
                value={
                  selected
                    ? t('common.withNote', { text: selected.name, note: selected.number })
                    : t('product.category.topLevel')
                }
                selectedOptions={[field.value === null ? TOP : String(field.value)]}
                onOptionSelect={(_, d) =>
                  field.onChange(d.optionValue && d.optionValue !== TOP ? Number(d.optionValue) : null)
                }
                onBlur={field.onBlur}
                data-testid="category-form-parent"
              >
                <Option value={TOP}>{t('product.category.topLevel')}</Option>
                {choices.map((o) => (
                  <Option key={o.id} value={String(o.id)} text={t('common.withNote', { text: o.name, note: o.number })}>
                    {`${'\u3000'.repeat(o.depth + 1)}${t('common.withNote', { text: o.name, note: o.number })}`}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          );
        }}
      />
      <FormInput
        control={form.control}
        name="name"
        label={t('product.category.name')}
        input={{ placeholder: t('product.category.namePlaceholder'), 'data-testid': 'category-form-name' }}
      />
      <FormInput
        control={form.control}
        name="number"
        label={t('product.category.number')}
        input={{ placeholder: t('product.category.numberPlaceholder'), 'data-testid': 'category-form-number' }}
      />
      <FormInput
        control={form.control}
        name="description"
        label={t('product.category.description')}
        input={{
          placeholder: t('product.category.descriptionPlaceholder'),
          'data-testid': 'category-form-description',
        }}
      />
      <FormInput
        control={form.control}
        name="remark"
        label={t('product.category.remark')}
        input={{ placeholder: t('product.category.remarkPlaceholder'), 'data-testid': 'category-form-remark' }}
      />
    </FormDialog>
  );
}
