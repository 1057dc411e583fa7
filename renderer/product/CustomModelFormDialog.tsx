/** Create / edit a custom model (spec §3 Custom model: name, number; a description beside them). */
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import {
  CUSTOM_MODEL_LIMITS,
  customModelForm,
  type CustomModelForm,
  type CustomModelItem,
} from '../../shared/product/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { FormDialog, useDialogSave } from '../kit/index.js';

export function CustomModelFormDialog({
  model,
  onClose,
  onGone,
}: {
  model?: CustomModelItem | undefined;
  onClose: () => void;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const create = useOpMutation('product.customModelCreate', {
    invalidates: ['product.customModelPage', 'product.customModels'],
  });
  const update = useOpMutation('product.customModelUpdate', {
    invalidates: ['product.customModelPage', 'product.customModels'],
  });
  const form = useConsoleForm<CustomModelForm>({
    resolver: zodI18nResolver(customModelForm, t),
    defaultValues: { name: model?.name ?? '', number: model?.number ?? '', description: model?.description ?? '' },
  });
  const submit = useDialogSave(form, {
    save: (body) => (model ? update.mutateAsync({ params: { id: model.id }, body }) : create.mutateAsync({ body })),
    saved: t(model ? 'product.customModel.updated' : 'product.customModel.created'),
    failed: t(model ? 'product.customModel.saveFailed' : 'product.customModel.createFailed'),
    goneCode: model ? CODE.customModelNotFound : undefined,
    limits: CUSTOM_MODEL_LIMITS,
    onClose,
    onGone,
  });
  return (
    <FormDialog
      title={t(model ? 'product.customModel.editTitle' : 'product.customModel.createTitle')}
      {...submit.dialog}
      testId="custom-model-form"
    >
      <FormInput
        control={form.control}
        name="name"
        label={t('product.customModel.name')}
        input={{ placeholder: t('product.customModel.namePlaceholder'), 'data-testid': 'custom-model-form-name' }}
      />
      <FormInput
        control={form.control}
        name="number"
        label={t('product.customModel.number')}
        input={{ placeholder: t('product.category.numberPlaceholder'), 'data-testid': 'custom-model-form-number' }}
      />
      <FormInput
        control={form.control}
        name="description"
        label={t('product.customModel.description')}
        required={false}
        input={{
          placeholder: t('product.customModel.descriptionPlaceholder'),
          'data-testid': 'custom-model-form-description',
        }}
      />
    </FormDialog>
  );
}
