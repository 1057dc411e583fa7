/**
 * A tenant's refund settings: the refund period, whether failed vends are
 * refunded automatically (else they wait on the review list), and after how
 * many jams or motor failures in a row a channel locks itself. Checked with
 * the upstream's own rules on submit, then as typed.
 */
import { Field, Switch } from '@fluentui/react-components';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LOCK_AFTER, REFUND_PERIOD, type RefundSettings } from '../../shared/refund/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { FormDialog, useDialogSave } from '../kit/index.js';

type Values = { periodDays: string; autoRefund: boolean; lockAfter: string };

const whole = (min: number, max: number, message: string) =>
  z.string().refine(
    (v) => {
      const n = Number(v.trim() || Number.NaN);
      return Number.isInteger(n) && n >= min && n <= max;
    },
    { message },
  );
const schema = z.object({
  periodDays: whole(REFUND_PERIOD.minDays, REFUND_PERIOD.maxDays, 'refund.validation.period'),
  autoRefund: z.boolean(),
  lockAfter: whole(LOCK_AFTER.min, LOCK_AFTER.max, 'refund.validation.lockAfter'),
});

export function RefundSettingsDialog({ current, onClose }: { current: RefundSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useOpMutation('refund.saveSettings', { invalidates: ['refund.settings'] });
  const form = useForm<Values, unknown, Values>({
    resolver: zodI18nResolver(schema as z.ZodType<Values, Values>, t),
    defaultValues: {
      periodDays: String(current.periodDays),
      autoRefund: current.autoRefund,
      lockAfter: String(current.lockAfter),
    },
  });
  useRelocalise(form);
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          periodDays: Number(v.periodDays.trim()),
          autoRefund: v.autoRefund,
          lockAfter: Number(v.lockAfter.trim()),
        },
      }),
    saved: t('refund.settings.saved'),
    failed: t('refund.settings.saveFailed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('refund.settings.title')}
      {...submit.dialog}
      submitLabel={t('refund.settings.save')}
      testId="refund-settings"
    >
      <FormInput
        control={form.control}
        name="periodDays"
        label={t('refund.period')}
        input={{
          type: 'number',
          min: REFUND_PERIOD.minDays,
          max: REFUND_PERIOD.maxDays,
          step: 1,
          'data-testid': 'refund-settings-period',
        }}
      />
      <Controller
        control={form.control}
        name="autoRefund"
        render={({ field }) => (
          <Field hint={t('refund.settings.autoRefundHint')}>
            <Switch
              checked={field.value}
              onChange={(_, d) => field.onChange(d.checked)}
              label={t('refund.settings.autoRefund')}
              data-testid="refund-settings-auto"
            />
          </Field>
        )}
      />
      <FormInput
        control={form.control}
        name="lockAfter"
        label={t('refund.settings.lockAfter')}
        hint={t('refund.settings.lockAfterHint')}
        input={{
          type: 'number',
          min: LOCK_AFTER.min,
          max: LOCK_AFTER.max,
          step: 1,
          'data-testid': 'refund-settings-lock-after',
        }}
      />
    </FormDialog>
  );
}
