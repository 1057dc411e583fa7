/**
 * Create / edit an old-library product (spec §5): 1–3 images (the first the
 * main one), number, name, brief, category, model, a valid price in yuan,
 * tags without repeats; the system admin chooses the tenant first. A refused
 * submit keeps everything typed; "this product no longer exists" (1101)
 * closes it and refreshes the list.
 */
import { Checkbox, Field, makeStyles } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseYuan } from '../../shared/format.js';
import { CODE } from '../../shared/domains.js';
import { PRODUCT_LIMITS, type ProductItem } from '../../shared/product/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { ProductImagesField, ProductTextField } from './ProductFields.js';
import { useUser } from '../app/session.js';
import { FormDialog, forTenant, tenantChoice, FormTenantField, useDialogSave, useFormGrid } from '../kit/index.js';
import { CategoryDropdown } from './CategoryDropdown.js';
import { costOf, productDialogSchema, shelfLifeOf, yuanText, type ProductDialogValues } from './productSchema.js';
import { TagInput } from './TagInput.js';

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  surface: { maxWidth: '720px', width: 'calc(100vw - 32px)' },
});

export interface ProductFormDialogProps {
  product?: ProductItem | undefined;
  onClose: () => void;
  onGone?: () => void;
}

export function ProductFormDialog({ product, onClose, onGone }: ProductFormDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const user = useUser();
  const choice = tenantChoice(user, !product);
  const create = useOpMutation('product.create', { invalidates: ['product.page', 'product.categoryPage'] });
  const update = useOpMutation('product.update', {
    invalidates: ['product.page', 'product.info', 'product.categoryPage'],
  });

  const form = useConsoleForm<ProductDialogValues>({
    resolver: zodI18nResolver(productDialogSchema(choice), t),
    defaultValues: {
      images: product ? [...product.images] : [],
      number: product?.number ?? '',
      name: product?.name ?? '',
      brief: product?.brief ?? '',
      categoryId: product?.categoryId,
      model: product?.model ?? '',
      price: product ? yuanText(product.price) : '',
      tags: product ? [...product.tags] : [],
      perishable: product?.perishable ?? false,
      shelfLifeDays: product?.shelfLifeDays == null ? '' : String(product.shelfLifeDays),
      cost: product?.cost == null ? '' : yuanText(product.cost),
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });
  const chosenTenant = useWatch({ control: form.control, name: 'tenantId' });
  const name = useWatch({ control: form.control, name: 'name' });
  const perishable = useWatch({ control: form.control, name: 'perishable' });
  // The categories on offer are the product's tenant's: the chosen one, the product's, or the user's own.
  const tenantId = product?.tenantId ?? chosenTenant ?? user.tenantId ?? undefined;

  const submit = useDialogSave(form, {
    save: ({ tenantId: requested, price, categoryId, shelfLifeDays, cost, ...values }) => {
      const body = {
        ...values,
        categoryId: categoryId!,
        price: parseYuan(price)!,
        shelfLifeDays: shelfLifeOf(shelfLifeDays),
        cost: costOf(cost),
      };
      return product
        ? update.mutateAsync({ params: { id: product.id }, body })
        : create.mutateAsync({ body: { ...body, ...forTenant(requested) } });
    },
    saved: t(product ? 'product.product.updated' : 'product.product.created'),
    failed: t(product ? 'product.product.saveFailed' : 'product.product.createFailed'),
    goneCode: product ? CODE.productNotFound : undefined,
    limits: PRODUCT_LIMITS,
    onClose,
    onGone,
  });
  const busy = submit.busy;
  return (
    <FormDialog
      title={t(product ? 'product.product.editTitle' : 'product.product.createTitle')}
      {...submit.dialog}
      testId="product-form"
      surfaceClassName={styles.surface}
      fieldsClassName={formGrid.size220}
    >
      {choice !== 'none' && (
        <div className={styles.wide}>
          <FormTenantField
            control={form.control}
            choice={choice}
            // Another tenant's categories: the one chosen in the last means nothing there.
            onChange={() => form.setValue('categoryId', undefined)}
            testId="product-form-tenant"
          />
        </div>
      )}
      <div className={styles.wide}>
        <ProductImagesField
          form={form}
          name="images"
          label={t('product.product.images')}
          max={PRODUCT_LIMITS.images}
          alt={name || t('product.product.image')}
          disabled={busy}
          testId="product-form-images"
        />
      </div>
      <ProductTextField control={form.control} name="number" testId="product-form-number" />
      <ProductTextField control={form.control} name="name" testId="product-form-name" />
      <Controller
        control={form.control}
        name="categoryId"
        render={({ field, fieldState }) => (
          <Field label={t('product.product.category')} required validationMessage={fieldState.error?.message}>
            <CategoryDropdown
              ref={field.ref}
              tenantId={tenantId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t('product.product.categoryPlaceholder')}
              testId="product-form-category"
            />
          </Field>
        )}
      />
      <ProductTextField control={form.control} name="model" testId="product-form-model" />
      <ProductTextField control={form.control} name="price" testId="product-form-price" />
      <FormInput
        control={form.control}
        name="cost"
        label={t('product.product.cost')}
        hint={t('product.product.costHint')}
        input={{
          inputMode: 'decimal',
          placeholder: t('product.product.costPlaceholder'),
          'data-testid': 'product-form-cost',
        }}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <Field label={t('product.product.tags')} validationMessage={fieldState.error?.message}>
            <TagInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t('product.product.tagsPlaceholder')}
              removeLabel={(tag) => `${t('common.delete')} ${tag}`}
              testId="product-form-tags"
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="perishable"
        render={({ field }) => (
          <Field label={t('product.product.freshFood')} hint={t('product.product.perishableHint')}>
            <Checkbox
              checked={field.value}
              onChange={(_, d) => {
                field.onChange(d.checked === true);
                if (form.formState.isSubmitted) void form.trigger('shelfLifeDays');
              }}
              label={t('product.product.perishable')}
              data-testid="product-form-perishable"
            />
          </Field>
        )}
      />
      <FormInput
        control={form.control}
        name="shelfLifeDays"
        label={t('product.product.shelfLifeDays')}
        required={perishable}
        hint={t('product.product.shelfLifeHint')}
        input={{ inputMode: 'numeric', maxLength: 4, 'data-testid': 'product-form-shelf-life' }}
      />
      <div className={styles.wide}>
        <ProductTextField control={form.control} name="brief" testId="product-form-brief" />
      </div>
    </FormDialog>
  );
}
