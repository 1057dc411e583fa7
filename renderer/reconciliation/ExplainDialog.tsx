/**
 * Explain a difference with a note (1–200 characters): recorded as a move with who and when, the difference
 * itself unchanged; a later note is shown over an earlier one, which stays.
 */
import { CODE } from '../../shared/domains.js';
import { explainInput, RECON_LIMITS, type ReconDifference } from '../../shared/reconciliation/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';

type Values = { note: string };

export function ExplainDialog({ difference, onClose }: { difference: ReconDifference; onClose: () => void }) {
  const { t } = useScreen();
  const explain = useOpMutation('reconciliation.explain', {
    invalidates: ['reconciliation.differences', 'reconciliation.days'],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(explainInput, t),
    defaultValues: { note: difference.explained?.note ?? '' },
  });
  const submit = useDialogSave(form, {
    save: (v) => explain.mutateAsync({ params: { id: difference.id }, body: { note: v.note } }),
    saved: t('reconciliation.explained'),
    failed: t('reconciliation.saveFailed'),
    goneCode: CODE.differenceNotFound,
    limits: { note: RECON_LIMITS.note },
    onClose,
  });
  return (
    <FormDialog
      title={`${t('reconciliation.explainTitle')} · ${difference.number}`}
      {...submit.dialog}
      testId="recon-explain"
    >
      <FormInput
        control={form.control}
        name="note"
        label={t('reconciliation.note')}
        input={{
          maxLength: RECON_LIMITS.note,
          placeholder: t('reconciliation.notePlaceholder'),
          'data-testid': 'recon-explain-note',
        }}
      />
    </FormDialog>
  );
}
