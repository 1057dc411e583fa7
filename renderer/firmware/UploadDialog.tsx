/**
 * Uploading a package (the system admin's): its model and one of the
 * model's modules (the model's count against its 100 shown), its version
 * and the lowest it upgrades from, release notes in Chinese and English,
 * and the file — sent a part at a time with a progress bar, then made a
 * draft. The upstream's refusals show at their fields (a taken version, a
 * full model).
 */
import { Button, Field, makeStyles, ProgressBar, Text, Textarea, tokens } from '@fluentui/react-components';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { FIRMWARE_LIMITS, version, type FirmwareModel, type PackageDetail } from '../../shared/firmware/index.js';
import { formatBytes } from '../../shared/format.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { uploadFile } from './upload.js';

const useStyles = makeStyles({
  hidden: { display: 'none' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  surface: { maxWidth: '640px' },
});

const notes = z.string().trim().max(FIRMWARE_LIMITS.notes, { message: 'validation.maxLength' });
const schema = z.object({
  modelId: z.string().min(1, { message: 'validation.required' }),
  module: z.string().min(1, { message: 'validation.required' }),
  version,
  fromVersion: z.union([z.literal(''), version]),
  notesZh: notes,
  notesEn: notes,
  file: z
    .custom<File | null>()
    .refine((f) => f !== null, { message: 'firmware.validation.fileRequired' })
    .refine((f) => f === null || f.size > 0, { message: 'firmware.validation.fileEmpty' })
    .refine((f) => f === null || f.size <= FIRMWARE_LIMITS.fileMaxBytes, {
      message: 'firmware.validation.fileTooLarge',
    }),
});
type Values = z.input<typeof schema>;

export function UploadDialog({
  models,
  onClose,
  onCreated,
}: {
  models: readonly FirmwareModel[];
  onClose: () => void;
  onCreated: (pkg: PackageDetail) => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const create = useOpMutation('firmware.create', { invalidates: ['firmware.page', 'firmware.models'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { modelId: '', module: '', version: '', fromVersion: '', notesZh: '', notesEn: '', file: null },
  });
  const [modelId, file] = useWatch({ control: form.control, name: ['modelId', 'file'] });
  const model = models.find((m) => String(m.id) === modelId);
  const submit = useDialogSave(form, {
    save: async (v) => {
      setSent(0);
      try {
        const facts = {
          modelId: Number(v.modelId),
          module: v.module as never,
          version: v.version,
          fromVersion: v.fromVersion || null,
        };
        const uploadId = await uploadFile(v.file!, setSent, facts);
        const pkg = await create.mutateAsync({ body: { ...facts, notesZh: v.notesZh, notesEn: v.notesEn, uploadId } });
        onCreated(pkg);
      } finally {
        setSent(null);
      }
    },
    saved: t('firmware.created'),
    failed: t('firmware.upload'),
    limits: { notesZh: FIRMWARE_LIMITS.notes, notesEn: FIRMWARE_LIMITS.notes },
    fieldCodes: {
      [CODE.packageVersionTaken]: 'version',
      [CODE.moduleNotOfModel]: 'module',
      [CODE.packageLimit]: 'modelId',
      [CODE.deviceModelNotFound]: 'modelId',
      [CODE.packageFileEmpty]: 'file',
      [CODE.packageFileTooLarge]: 'file',
    },
    onClose,
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file chosen again still fires a change.
    event.target.value = '';
    if (chosen) form.setValue('file', chosen, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  return (
    <FormDialog
      title={t('firmware.upload')}
      testId="firmware-upload"
      surfaceClassName={styles.surface}
      submitLabel={t('firmware.upload')}
      {...submit.dialog}
    >
      <FormChoice
        control={form.control}
        name="modelId"
        label={t('firmware.model')}
        options={models.map((m) => ({ value: String(m.id), text: m.name }))}
        onChosen={() => form.setValue('module', '')}
        testId="firmware-upload-model"
      />
      {model && (
        <Text size={200} data-testid="firmware-upload-limit">
          {t('firmware.limit', { model: model.name, count: model.packages, max: FIRMWARE_LIMITS.packagesPerModel })}
        </Text>
      )}
      <FormChoice
        control={form.control}
        name="module"
        label={t('firmware.module')}
        options={(model?.modules ?? []).map((m) => ({ value: m, text: t(`device.modules.names.${m}`) }))}
        disabled={!model}
        testId="firmware-upload-module"
      />
      <FormInput
        control={form.control}
        name="version"
        label={t('firmware.version')}
        input={{ maxLength: 40, placeholder: '2.4.0', 'data-testid': 'firmware-upload-version' }}
      />
      <FormInput
        control={form.control}
        name="fromVersion"
        label={t('firmware.fromVersion')}
        required={false}
        hint={t('firmware.fromVersionHint')}
        input={{ maxLength: 40, 'data-testid': 'firmware-upload-from' }}
      />
      {(['notesZh', 'notesEn'] as const).map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <Field
              label={t(`firmware.${name}`)}
              validationMessage={fieldState.error?.message}
              validationState={fieldState.error ? 'error' : 'none'}
            >
              <Textarea
                {...field}
                resize="vertical"
                maxLength={FIRMWARE_LIMITS.notes}
                data-testid={`firmware-upload-${name}`}
              />
            </Field>
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="file"
        render={({ fieldState }) => (
          <Field
            label={t('firmware.file')}
            required
            validationMessage={fieldState.error?.message}
            validationState={fieldState.error ? 'error' : 'none'}
          >
            <div className={styles.file}>
              <input
                ref={input}
                type="file"
                className={styles.hidden}
                onChange={choose}
                data-testid="firmware-upload-file"
              />
              <Button icon={<DocumentArrowUpRegular />} onClick={() => input.current?.click()} disabled={sent !== null}>
                {t('firmware.choose')}
              </Button>
              {file && (
                <Text className={styles.name} data-testid="firmware-upload-file-name">
                  {file.name} · {formatBytes(file.size)}
                </Text>
              )}
            </div>
          </Field>
        )}
      />
      {sent !== null && file && (
        <Field
          validationMessage={t('firmware.uploading', { sent: formatBytes(sent), total: formatBytes(file.size) })}
          validationState="none"
        >
          <ProgressBar
            value={file.size ? sent / file.size : 0}
            aria-label={t('firmware.upload')}
            data-testid="firmware-upload-progress"
          />
        </Field>
      )}
    </FormDialog>
  );
}
