/** Create / edit an image format of a category or an image of a custom model (spec §3 Image format, §5: name, number, description and format name required). */
import { Switch } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMAGE_FORMAT_LIMITS, imageFormatForm, type ImageFormatForm } from '../../shared/product/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { FormDialog, useDialogSave } from '../kit/index.js';

export interface ImageFormatFormDialogProps {
  /** The format being edited; none to create one. */
  format?: ImageFormatForm | undefined;
  /** Creates or updates it: a category's image format or a custom model's image. */
  onSave: (body: ImageFormatForm) => Promise<unknown>;
  /** The code that says it (or its owner) is gone: the dialog closes and the list refreshes. */
  goneCode: number;
  onClose: () => void;
  onGone?: () => void;
}

export function ImageFormatFormDialog({ format, onSave, goneCode, onClose, onGone }: ImageFormatFormDialogProps) {
  const { t } = useTranslation();
  const form = useConsoleForm<ImageFormatForm>({
    resolver: zodI18nResolver(imageFormatForm, t),
    defaultValues: {
      name: format?.name ?? '',
      number: format?.number ?? '',
      description: format?.description ?? '',
      required: format?.required ?? true,
      formatName: format?.formatName ?? '',
    },
  });

  const submit = useDialogSave(form, {
    save: onSave,
    saved: t(format ? 'product.imageFormat.updated' : 'product.imageFormat.created'),
    failed: t(format ? 'product.imageFormat.saveFailed' : 'product.imageFormat.createFailed'),
    goneCode,
    limits: IMAGE_FORMAT_LIMITS,
    onClose,
    onGone,
  });
  return (
    <FormDialog
      title={t(format ? 'product.imageFormat.editTitle' : 'product.imageFormat.createTitle')}
      {...submit.dialog}
      testId="image-format-form"
    >
      <FormInput
        control={form.control}
        name="name"
        label={t('product.imageFormat.name')}
        input={{ placeholder: t('product.imageFormat.namePlaceholder'), 'data-testid': 'image-format-form-name' }}
      />
      <FormInput
        control={form.control}
        name="number"
        label={t('product.imageFormat.number')}
        input={{ placeholder: t('product.category.numberPlaceholder'), 'data-testid': 'image-format-form-number' }}
      />
      <FormInput
        control={form.control}
        name="description"
        label={t('product.imageFormat.description')}
        input={{
          placeholder: t('product.imageFormat.descriptionPlaceholder'),
          'data-testid': 'image-format-form-description',
        }}
      />
      <FormInput
        control={form.control}
        name="formatName"
        label={t('product.imageFormat.formatName')}
        input={{
          placeholder: t('product.imageFormat.formatNamePlaceholder'),
          'data-testid': 'image-format-form-format',
        }}
      />
      <Controller
        control={form.control}
        name="required"
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={t('product.imageFormat.required')}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked)}
            data-testid="image-format-form-required"
          />
        )}
      />
    </FormDialog>
  );
}
