/**
 * A device model's modules (the system admin's): the model, then a box per
 * module of the catalogue's list. A module that has packages stays (1803,
 * said in the dialog); the packages' upload offers the model's modules.
 * Beside them: whether the model's board takes a price sent from the
 * console (price changes leave the others out).
 */
import { Checkbox } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MODULE_KINDS, type ModuleKind } from '../../shared/device/index.js';
import { CODE } from '../../shared/domains.js';
import type { FirmwareModel } from '../../shared/firmware/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { CheckGroup, FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const schema = z.object({
  modelId: z.string().min(1, { message: 'validation.required' }),
  modules: z.array(z.enum(MODULE_KINDS)),
  remotePrice: z.boolean(),
});
type Values = z.input<typeof schema>;

export function ModulesDialog({ models, onClose }: { models: readonly FirmwareModel[]; onClose: () => void }) {
  const { t } = useScreen();
  const save = useOpMutation('firmware.setModules', { invalidates: ['firmware.models'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { modelId: '', modules: [], remotePrice: true },
  });
  const modelId = useWatch({ control: form.control, name: 'modelId' });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({ params: { id: Number(v.modelId) }, body: { modules: v.modules, remotePrice: v.remotePrice } }),
    saved: t('firmware.modulesSaved'),
    failed: t('firmware.editModules'),
    fieldCodes: { [CODE.moduleInUse]: 'modules', [CODE.deviceModelNotFound]: 'modelId' },
    onClose,
  });
  return (
    <FormDialog title={t('firmware.editModules')} testId="firmware-modules-dialog" {...submit.dialog}>
      <FormChoice
        control={form.control}
        name="modelId"
        label={t('firmware.model')}
        options={models.map((m) => ({ value: String(m.id), text: m.name }))}
        onChosen={(id) => {
          const model = models.find((m) => String(m.id) === id);
          form.setValue('modules', [...(model?.modules ?? [])]);
          form.setValue('remotePrice', model?.remotePrice ?? true);
        }}
        testId="firmware-modules-model"
      />
      <Controller
        control={form.control}
        name="modules"
        render={({ field, fieldState }) => (
          <CheckGroup label={t('firmware.module')} error={fieldState.error?.message} testId="firmware-modules-list">
            {MODULE_KINDS.map((m) => (
              <Checkbox
                key={m}
                label={t(`device.modules.names.${m}`)}
                disabled={!modelId}
                checked={field.value.includes(m)}
                onChange={(_, d) =>
                  field.onChange(d.checked ? [...field.value, m] : field.value.filter((x: ModuleKind) => x !== m))
                }
                data-testid={`firmware-modules-${m}`}
              />
            ))}
          </CheckGroup>
        )}
      />
      <Controller
        control={form.control}
        name="remotePrice"
        render={({ field }) => (
          <Checkbox
            label={t('firmware.remotePrice')}
            disabled={!modelId}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked === true)}
            data-testid="firmware-modules-remote-price"
          />
        )}
      />
    </FormDialog>
  );
}
