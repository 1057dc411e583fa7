/**
 * /productManagement/nweGoods (spec §2 nweGoods, §5): create a product of the
 * new library, or edit one (`?id=`). One main image; Chinese and English
 * texts (English ones, once saved, are changed but not emptied); category,
 * model, price, tags, sale dates; and the category's attributes, each input
 * drawn by its type. Editing, the category waits until the image is removed,
 * and a new category starts its attributes empty (spec: refill). A refused
 * save keeps everything typed.
 */
import { Button, Field, makeStyles, Spinner, Text, Textarea, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import {
  NEW_PRODUCT_LIMITS,
  PRODUCT_LIMITS,
  type AttributeItem,
  type NewProductItem,
} from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { codeMessage, refusedWith } from '../app/errors.js';
import { applyFieldErrors, SUBMIT_THEN_LIVE, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { ProductImagesField, ProductTextField } from './ProductFields.js';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { useShell } from '../shell/context.js';
import {
  DateTimeInput,
  forTenant,
  tenantChoice,
  FormTenantField,
  useFormGrid,
  useGuardedAction,
  useScreen,
} from '../kit/index.js';
import { AttributeFields } from './AttributeFields.js';
import { CategoryDropdown } from './CategoryDropdown.js';
import { RecipeFields } from './RecipeFields.js';
import { newGoodsBody, newGoodsDefaults, newGoodsSchema, type NewGoodsValues } from './newGoodsSchema.js';
import { MERCHANDISE_PATH } from './paths.js';
import { TagInput } from './TagInput.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0, maxWidth: '1100px' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wide: { gridColumn: '1 / -1' },
  // Held at the bottom of the view: an error appearing above (a blur's check) does not move Save from under the pointer.
  actions: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export default function NewGoodsPage() {
  const { t } = useTranslation();
  const { leaveView } = useShell();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idOfQuery(raw);
  const info = useOp('product.newInfo', { params: { id: id ?? 0 } }, { enabled: id !== undefined, staleTime: 0 });
  const problem = (text: string) => <PageProblem text={text} testId="new-goods" />;
  if (raw !== null && id === undefined) return problem(t('product.newProduct.invalidId'));
  if (id !== undefined) {
    if (info.isError && !info.isFetching) {
      return refusedWith(info.error, CODE.productNotFound)
        ? problem(codeMessage(CODE.productNotFound))
        : problem(t('common.loadFailed'));
    }
    if (!info.data) return <PageSpinner />;
  }
  // Saved: this screen's tab closes and the library shows (a "Create product" tab left open would create another).
  return <NewGoodsForm key={id ?? 'new'} saved={info.data} onDone={() => leaveView(MERCHANDISE_PATH)} />;
}

function NewGoodsForm({ saved, onDone }: { saved: NewProductItem | undefined; onDone: () => void }) {
  const { t, notify, report, user } = useScreen();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const choice = tenantChoice(user, !saved);
  const create = useOpMutation('product.newCreate', { invalidates: ['product.newPage', 'product.categoryPage'] });
  const update = useOpMutation('product.newUpdate', {
    invalidates: ['product.newPage', 'product.newInfo', 'product.categoryPage'],
  });

  // The schema knows the chosen category's attributes, which arrive after the form is made: the resolver reads the latest.
  const schema = useRef<z.ZodType<NewGoodsValues, NewGoodsValues>>(null);
  const form = useForm<NewGoodsValues, unknown, NewGoodsValues>({
    resolver: (values, context, options) => zodI18nResolver(schema.current!, t)(values, context, options),
    defaultValues: newGoodsDefaults(saved, choice === 'optional' ? (user.tenantId ?? undefined) : undefined),
    ...SUBMIT_THEN_LIVE,
  });
  const [categoryId, chosenTenant, image, name] = useWatch({
    control: form.control,
    name: ['categoryId', 'tenantId', 'image', 'name'],
  });
  const attributeList = useOp(
    'product.attributeList',
    { body: { categoryId: categoryId ?? 0 } },
    { enabled: categoryId !== undefined },
  );
  const attributes: readonly AttributeItem[] = categoryId === undefined ? NONE : (attributeList.data ?? NONE);
  schema.current = newGoodsSchema(choice, attributes, saved);
  useRelocalise(form);
  const tenantId = saved?.tenantId ?? chosenTenant ?? user.tenantId ?? undefined;
  // Spec §5: the saved product's image goes before its category changes.
  const categoryLocked = saved !== undefined && image.length > 0 && categoryId === saved.categoryId;

  const onSubmit = form.handleSubmit(async ({ tenantId: requested, ...values }) => {
    const body = newGoodsBody({ ...values }, attributes);
    try {
      if (saved) {
        await update.mutateAsync({ params: { id: saved.id }, body });
        notify(t('product.newProduct.updated'));
      } else {
        await create.mutateAsync({ body: { ...body, ...forTenant(requested) } });
        notify(t('product.newProduct.created'));
      }
      form.reset(form.getValues());
      onDone();
    } catch (error) {
      report(error, {
        fallback: t(saved ? 'product.newProduct.saveFailed' : 'product.newProduct.createFailed'),
        // The server names attribute values by id; the form by `a<id>`.
        onFields: (fields) =>
          applyFieldErrors(
            Object.fromEntries(
              Object.entries(fields).map(([path, key]) => [path.replace(/^attributes\.(\d+)$/, 'attributes.a$1'), key]),
            ),
            form.setError,
            t,
            { ...PRODUCT_LIMITS, ...NEW_PRODUCT_LIMITS },
          ),
      });
    }
  });
  const submit = useGuardedAction(onSubmit);
  const busy = submit.busy || form.formState.isSubmitting;

  const textarea = (fieldName: 'description' | 'englishDescription', max: number) => (
    <Controller
      control={form.control}
      name={fieldName}
      render={({ field, fieldState }) => (
        <Field
          label={t(`product.newProduct.${fieldName}`)}
          validationMessage={fieldState.error?.message}
          hint={
            fieldName === 'englishDescription' && saved?.englishDescription
              ? t('product.newProduct.englishKept')
              : undefined
          }
        >
          <Textarea
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            maxLength={max}
            resize="vertical"
            placeholder={t(`product.newProduct.${fieldName}Placeholder`)}
            data-testid={`new-goods-${fieldName}`}
          />
        </Field>
      )}
    />
  );
  const english = (fieldName: 'englishName' | 'englishBrief') => (
    <FormInput
      control={form.control}
      name={fieldName}
      label={t(`product.newProduct.${fieldName}`)}
      required={false}
      hint={saved?.[fieldName] ? t('product.newProduct.englishKept') : undefined}
      input={{ placeholder: t(`product.newProduct.${fieldName}Placeholder`), 'data-testid': `new-goods-${fieldName}` }}
    />
  );

  return (
    <form
      className={styles.page}
      aria-labelledby="new-goods-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(e);
      }}
    >
      <div className={styles.head}>
        <Button icon={<ArrowLeftRegular />} onClick={onDone} data-testid="new-goods-back">
          {t('product.newProduct.back')}
        </Button>
        <Title3 as="h1" id="new-goods-title">
          {t(saved ? 'product.newProduct.editTitle' : 'product.newProduct.createTitle')}
        </Title3>
      </div>

      <section className={styles.section} aria-label={t('product.newProduct.basics')}>
        <Text as="h2" weight="semibold" size={400}>
          {t('product.newProduct.basics')}
        </Text>
        <div className={formGrid.size240}>
          {choice !== 'none' && (
            <div className={styles.wide}>
              <FormTenantField
                control={form.control}
                choice={choice}
                onChange={() => {
                  // Another tenant has other categories and ingredients: what was chosen for the last means nothing there.
                  form.setValue('categoryId', undefined);
                  form.setValue('attributes', {});
                  form.setValue('recipe.items', [{ ingredientId: undefined, quantity: '' }]);
                }}
                testId="new-goods-tenant"
              />
            </div>
          )}
          <div className={styles.wide}>
            <ProductImagesField
              form={form}
              name="image"
              label={t('product.newProduct.image')}
              max={1}
              alt={name || t('product.product.image')}
              disabled={busy}
              testId="new-goods-image"
            />
          </div>
          <ProductTextField control={form.control} name="number" testId="new-goods-number" />
          <ProductTextField control={form.control} name="name" testId="new-goods-name" />
          {english('englishName')}
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field, fieldState }) => (
              <Field
                label={t('product.product.category')}
                required
                validationMessage={fieldState.error?.message}
                hint={categoryLocked ? t('product.newProduct.categoryLocked') : undefined}
              >
                <CategoryDropdown
                  ref={field.ref}
                  tenantId={tenantId}
                  value={field.value}
                  disabled={categoryLocked || busy}
                  // Another category has other attributes: what was filled in for the last one is refilled (spec §5).
                  onChange={(next) => {
                    field.onChange(next);
                    form.setValue('attributes', {});
                  }}
                  onBlur={field.onBlur}
                  placeholder={t('product.product.categoryPlaceholder')}
                  testId="new-goods-category"
                />
              </Field>
            )}
          />
          <ProductTextField control={form.control} name="model" testId="new-goods-model" />
          <ProductTextField control={form.control} name="price" testId="new-goods-price" />
          {(['startDate', 'endDate'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <Field
                  label={t(`product.newProduct.${name}`)}
                  validationMessage={fieldState.error?.message}
                  validationState={fieldState.error ? 'error' : 'none'}
                >
                  <DateTimeInput
                    mode="date"
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={busy}
                    testId={name === 'startDate' ? 'new-goods-start' : 'new-goods-end'}
                  />
                </Field>
              )}
            />
          ))}
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
                  testId="new-goods-tags"
                />
              </Field>
            )}
          />
        </div>
      </section>

      <section className={styles.section} aria-label={t('product.newProduct.texts')}>
        <Text as="h2" weight="semibold" size={400}>
          {t('product.newProduct.texts')}
        </Text>
        <div className={formGrid.size240}>
          <ProductTextField control={form.control} name="brief" testId="new-goods-brief" />
          {english('englishBrief')}
          {textarea('description', NEW_PRODUCT_LIMITS.description)}
          {textarea('englishDescription', NEW_PRODUCT_LIMITS.englishDescription)}
        </div>
      </section>

      <section
        className={styles.section}
        aria-label={t('product.newProduct.attributes')}
        data-testid="new-goods-attributes"
      >
        <Text as="h2" weight="semibold" size={400}>
          {t('product.newProduct.attributes')}
        </Text>
        {categoryId === undefined ? (
          <Text>{t('product.newProduct.noCategory')}</Text>
        ) : attributeList.isPending ? (
          <Spinner size="tiny" />
        ) : attributes.length === 0 ? (
          <Text>{t('product.newProduct.noAttributes')}</Text>
        ) : (
          <AttributeFields attributes={attributes} control={form.control} disabled={busy} />
        )}
      </section>

      <section className={styles.section} aria-label={t('product.newProduct.recipe')} data-testid="new-goods-recipe">
        <Text as="h2" weight="semibold" size={400}>
          {t('product.newProduct.recipe')}
        </Text>
        <RecipeFields control={form.control} tenantId={tenantId} disabled={busy} />
      </section>

      <div className={styles.actions}>
        <Button type="button" onClick={onDone} disabledFocusable={busy} data-testid="new-goods-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={busy}
          icon={busy ? <Spinner size="extra-tiny" /> : undefined}
          data-testid="new-goods-submit"
        >
          {t('product.newProduct.save')}
        </Button>
      </div>
    </form>
  );
}

const NONE: readonly AttributeItem[] = [];
