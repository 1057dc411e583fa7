/**
 * How the tenant's alerts call a device quiet (beyond the spec): by each
 * device's own hours of the day, or after a fixed number of hours without a
 * sale. The tenant's own; its members read it, its second-level tenants keep
 * theirs. Checked on submit (then as typed), so no error line moves Save
 * under the pointer.
 */
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { alertSettings, type AlertSettings } from '../../shared/dashboard/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { FormDialog, useDialogSave } from '../kit/index.js';

type Values = { mode: 'history' | 'hours'; hours: string };

const hoursField = alertSettings.shape.quietHours.unwrap();
const schema = z.object({ mode: z.enum(['history', 'hours']), hours: z.string() }).superRefine((v, ctx) => {
  if (v.mode === 'hours' && !hoursField.safeParse(Number(v.hours.trim() || Number.NaN)).success) {
    ctx.addIssue({ code: 'custom', path: ['hours'], message: 'dashboard.validation.quietHours' });
  }
});

export function AlertSettingsDialog({ current, onClose }: { current: AlertSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useOpMutation('dashboard.saveAlertSettings', {
    invalidates: ['dashboard.alertSettings', 'dashboard.alerts'],
  });
  const form = useForm<Values, unknown, Values>({
    resolver: zodI18nResolver(schema as z.ZodType<Values, Values>, t),
    defaultValues: {
      mode: current.quietHours === null ? 'history' : 'hours',
      hours: current.quietHours === null ? '' : String(current.quietHours),
    },
  });
  useRelocalise(form);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const submit = useDialogSave(form, {
    save: (v) => save.mutateAsync({ body: { quietHours: v.mode === 'history' ? null : Number(v.hours.trim()) } }),
    saved: t('dashboard.settings.saved'),
    failed: t('dashboard.settings.saveFailed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('dashboard.settings.title')}
      {...submit.dialog}
      submitLabel={t('dashboard.settings.save')}
      testId="alert-settings"
    >
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <Field label={t('dashboard.settings.quiet')}>
            <RadioGroup
              value={field.value}
              onChange={(_, d) => field.onChange(d.value)}
              data-testid="alert-settings-mode"
            >
              <Radio value="history" label={t('dashboard.settings.byHistory')} />
              <Radio value="hours" label={t('dashboard.settings.byHours')} />
            </RadioGroup>
          </Field>
        )}
      />
      {/* Always there, disabled by history: choosing a mode never moves the buttons. */}
      <FormInput
        control={form.control}
        name="hours"
        label={t('dashboard.settings.hours')}
        required={mode === 'hours'}
        hint={t('dashboard.settings.hoursHint')}
        input={{
          type: 'number',
          min: 1,
          max: 168,
          step: 1,
          disabled: mode !== 'hours',
          'data-testid': 'alert-settings-hours',
        }}
      />
    </FormDialog>
  );
}
