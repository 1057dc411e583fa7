/**
 * Takes what is left of a batch out of its channel as waste (`fresh.removeBatch`): the reason asked — past its
 * expiry first offered for an expired batch — and the units and channel said, since they leave the machine's
 * stock. A batch someone else removed meanwhile is said so (1442) and the list read again.
 */
import { Text } from '@fluentui/react-components';
import { z } from 'zod';
import { WASTE_REASONS, type BatchItem } from '../../shared/fresh/index.js';
import { CODE } from '../../shared/domains.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const typed = z.object({ reason: z.enum(WASTE_REASONS) });
type Values = z.input<typeof typed>;

export function RemoveBatchDialog({ batch, onClose }: { batch: BatchItem; onClose: () => void }) {
  const { t } = useScreen();
  const remove = useOpMutation('fresh.removeBatch', {
    invalidates: ['fresh.batches', 'fresh.waste', 'device.channels'],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { reason: batch.state === 'expired' || batch.state === 'today' ? 'expired' : 'damaged' },
  });
  const submit = useDialogSave(form, {
    save: (v) => remove.mutateAsync({ params: { id: batch.id }, body: { reason: v.reason } }),
    saved: t('fresh.waste.removed', { count: batch.remaining }),
    failed: t('fresh.waste.failed'),
    goneCode: CODE.batchGone,
    onClose,
  });
  return (
    <FormDialog
      title={t('fresh.waste.removeTitle')}
      submitLabel={t('fresh.waste.remove')}
      {...submit.dialog}
      testId="fresh-remove"
    >
      <Text data-testid="fresh-remove-what">
        {t('fresh.waste.what', {
          count: batch.remaining,
          product: batch.productName,
          device: batch.deviceName,
          channel: batch.channel,
        })}
      </Text>
      <FormChoice
        control={form.control}
        name="reason"
        label={t('fresh.waste.reason')}
        options={WASTE_REASONS.map((r) => ({ value: r, text: t(`fresh.waste.why.${r}`) }))}
        testId="fresh-remove-reason"
      />
    </FormDialog>
  );
}
