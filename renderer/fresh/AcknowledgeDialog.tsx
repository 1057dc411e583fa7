/**
 * Acknowledges a temperature excursion (`fresh.acknowledgeExcursion`): what
 * happened said first — since when, its peak, the channels it locked — then
 * "I checked the goods" to tick (the upstream refuses without it), whether to
 * throw the locked channels' batches away as temperature waste, and a note.
 * Still out of range (1443) is said; acknowledged meanwhile by someone else
 * (1444) too, and the board read again.
 */
import { Checkbox, Field, Text, Textarea } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { COLD_LIMITS, type ColdRange } from '../../shared/fresh/index.js';
import { zodI18nResolver } from '../app/form.js';
import { formatDateTime } from '../app/format.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { channelsText, rangeText } from './coldText.js';

/** What the dialog says of the excursion: from the board's row or the excursions' list. */
export interface Acknowledgeable {
  id: number;
  deviceName: string;
  startedAt: string;
  peak: number;
  range: ColdRange;
  lockedChannels: readonly number[];
}

const typed = z.object({
  stockChecked: z.boolean().refine((v) => v, { message: 'fresh.validation.stockChecked' }),
  removeBatches: z.boolean(),
  note: z.string().trim().max(COLD_LIMITS.note, { message: 'validation.max' }),
});
type Values = z.input<typeof typed>;

export function AcknowledgeDialog({ excursion, onClose }: { excursion: Acknowledgeable; onClose: () => void }) {
  const { t } = useScreen();
  const acknowledge = useOpMutation('fresh.acknowledgeExcursion', {
    invalidates: [
      'fresh.fridges',
      'fresh.excursions',
      'fresh.fridgeDay',
      'fresh.batches',
      'fresh.waste',
      'device.channels',
    ],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { stockChecked: false, removeBatches: false, note: '' },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      acknowledge.mutateAsync({
        params: { id: excursion.id },
        body: { stockChecked: true, removeBatches: v.removeBatches, note: v.note.trim() },
      }),
    saved: t('fresh.cold.ack.done'),
    failed: t('fresh.cold.ack.failed'),
    goneCode: CODE.excursionGone,
    onClose,
  });
  return (
    <FormDialog
      title={t('fresh.cold.ack.title')}
      submitLabel={t('fresh.cold.ack.confirm')}
      {...submit.dialog}
      testId="fresh-ack"
    >
      <Text data-testid="fresh-ack-what">
        {t('fresh.cold.ack.body', {
          name: excursion.deviceName,
          start: formatDateTime(excursion.startedAt),
          range: rangeText(t, excursion.range),
          peak: excursion.peak.toFixed(1),
          channels: channelsText(t, excursion.lockedChannels),
        })}
      </Text>
      <Controller
        control={form.control}
        name="stockChecked"
        render={({ field, fieldState }) => (
          <Field required validationMessage={fieldState.error?.message}>
            <Checkbox
              ref={field.ref}
              checked={field.value}
              onChange={(_, d) => field.onChange(d.checked === true)}
              onBlur={field.onBlur}
              label={t('fresh.cold.ack.stockChecked')}
              data-testid="fresh-ack-checked"
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="removeBatches"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked === true)}
            label={t('fresh.cold.ack.removeBatches')}
            data-testid="fresh-ack-remove"
          />
        )}
      />
      <Controller
        control={form.control}
        name="note"
        render={({ field, fieldState }) => (
          <Field label={t('fresh.cold.ack.note')} validationMessage={fieldState.error?.message}>
            <Textarea
              ref={field.ref}
              value={field.value}
              maxLength={COLD_LIMITS.note}
              onChange={(_, d) => field.onChange(d.value)}
              onBlur={field.onBlur}
              data-testid="fresh-ack-note"
            />
          </Field>
        )}
      />
    </FormDialog>
  );
}
