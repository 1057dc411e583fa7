/**
 * /productManagement/editNweGoods?id= (spec §2 editNweGoods): a new-library
 * product's information per custom model — for each of the platform's models
 * its attributes (drawn by their input types) and pictures, saved one model at
 * a time. A model left empty carries no information for the product.
 */
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Field,
  makeStyles,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import type { CustomInfoItem, CustomModelDetail, NewProductItem } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { codeMessage, refusedWith } from '../app/errors.js';
import { applyFieldErrors, zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { useGuardedAction, useScreen } from '../kit/index.js';
import { ImageUploader } from '../file/index.js';
import { AttributeFields } from './AttributeFields.js';
import {
  customInfoBody,
  customInfoDefaults,
  customInfoSchema,
  formPath,
  imageKey,
  type CustomInfoValues,
} from './customInfoSchema.js';
import { MERCHANDISE_PATH } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0, maxWidth: '1100px' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { overflowWrap: 'anywhere' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  images: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

export default function EditCustomInfoPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get('id'));
  const product = useOp('product.newInfo', { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const models = useOp('product.customModels', {});
  const info = useOp('product.customInfo', { params: { id: id ?? 0 } }, { enabled: id !== undefined });

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(MERCHANDISE_PATH)} data-testid="custom-info-back">
      {t('product.customModel.backToProducts')}
    </Button>
  );
  const problem = (text: string) => <PageProblem back={back} text={text} testId="custom-info" />;
  if (id === undefined) return problem(t('product.newProduct.invalidId'));
  const failed = [product, models, info].find((q) => q.isError && !q.isFetching);
  if (failed)
    return problem(
      refusedWith(failed.error, CODE.productNotFound) ? codeMessage(CODE.productNotFound) : t('common.loadFailed'),
    );
  if (!product.data || !models.data || !info.data) return <PageSpinner />;

  return (
    <section className={styles.page} aria-labelledby="custom-info-title">
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id="custom-info-title" className={styles.title}>
          {t('product.customModel.infoTitle', { name: product.data.name })}
        </Title3>
      </div>
      {models.data.length === 0 && <Text>{t('product.customModel.noModels')}</Text>}
      {models.data.map((model) => (
        <ModelInfo
          key={model.id}
          product={product.data!}
          model={model}
          saved={info.data!.find((i) => i.modelId === model.id)}
        />
      ))}
    </section>
  );
}

function ModelInfo({
  product,
  model,
  saved,
}: {
  product: NewProductItem;
  model: CustomModelDetail;
  saved: CustomInfoItem | undefined;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('product.customInfoSave', { invalidates: ['product.customInfo'] });
  const schema = useMemo(() => customInfoSchema(model), [model]);
  const form = useConsoleForm<CustomInfoValues>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: customInfoDefaults(model, saved),
    // Checked on save, then as corrected: a check on blur would grow the card and move Save from under the pointer.
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ params: { id: product.id, modelId: model.id }, body: customInfoBody(model, values) });
      form.reset(values);
      notify(t('product.customModel.saved'));
    } catch (error) {
      report(error, {
        fallback: t('product.customModel.saveFailed'),
        onFields: (fields) =>
          applyFieldErrors(
            Object.fromEntries(Object.entries(fields).map(([path, key]) => [formPath(path), key])),
            form.setError,
            t,
          ),
      });
    }
  });
  const submit = useGuardedAction(onSubmit);
  const busy = submit.busy || form.formState.isSubmitting;
  const nothing = model.attributes.length === 0 && model.images.length === 0;

  return (
    <Card className={styles.card} data-testid="custom-info-model" data-model={model.number}>
      <CardHeader
        header={
          <Text weight="semibold" size={400}>
            {t('common.withNote', { text: model.name, note: model.number })}
          </Text>
        }
        action={
          <Badge appearance="tint" color={saved ? 'success' : 'informative'}>
            {t(saved ? 'product.customModel.filled' : 'product.customModel.notFilled')}
          </Badge>
        }
      />
      {nothing ? (
        <Text>{t('product.customModel.nothingToFill')}</Text>
      ) : (
        <form
          className={styles.card}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit.run(e);
          }}
        >
          {model.attributes.length > 0 && (
            <AttributeFields attributes={model.attributes} control={form.control} disabled={busy} />
          )}
          {model.images.length > 0 && (
            <div className={styles.images}>
              {model.images.map((image) => (
                <Controller
                  key={image.id}
                  control={form.control}
                  name={`images.${imageKey(image.id)}`}
                  render={({ field, fieldState }) => (
                    <Field
                      label={t('common.withNote', { text: image.name, note: image.formatName })}
                      required={image.required}
                      validationMessage={fieldState.error?.message}
                    >
                      <ImageUploader
                        value={field.value ?? []}
                        onChange={field.onChange}
                        max={1}
                        alt={`${product.name} ${image.name}`}
                        disabled={busy}
                        testId={`custom-info-image-${image.number}`}
                      />
                    </Field>
                  )}
                />
              ))}
            </div>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              appearance="primary"
              disabledFocusable={busy}
              icon={busy ? <Spinner size="extra-tiny" /> : undefined}
              data-testid="custom-info-save"
            >
              {t('product.customModel.saveModel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
