/**
 * A statement's next step, as its state and the caller's side allow it
 * (server/share/statements.ts decides; this only offers what it would
 * take): the paying side issues a draft (asked first: it is final) and pays
 * a confirmed one with the payment's reference; the party confirms its own,
 * and for a host the paying side records who at the host confirmed it.
 */
import { useState } from 'react';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { ShareStatementItem } from '../../shared/share/index.js';
import { text } from '../../shared/api/define.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { ActionButton, ConfirmDialog, FormDialog, RowAction, useDialogSave, useScreen } from '../kit/index.js';

export type StatementStep = 'issue' | 'confirm' | 'pay';

/** A state's badge colour, on the list and on the statement's page. */
export const STATE_COLOR = { draft: 'informative', issued: 'warning', confirmed: 'brand', paid: 'success' } as const;

/** The step the caller may take on this statement now, if any. */
export function nextStep(s: ShareStatementItem): StatementStep | null {
  if (s.state === 'draft' && !s.mine) return 'issue';
  if (s.state === 'issued' && (s.party === 'tenant' ? s.mine : !s.mine)) return 'confirm';
  if (s.state === 'confirmed' && !s.mine) return 'pay';
  return null;
}

const STALE = ['share.statementPage', 'share.statementInfo'] as const;

/** The step's button (a row's action, or the page's) and the dialog it opens. */
export function StatementStepAction({ statement, row = false }: { statement: ShareStatementItem; row?: boolean }) {
  const { t, notify, report } = useScreen();
  const step = nextStep(statement);
  const [open, setOpen] = useState(false);
  const issue = useOpMutation('share.issue', { invalidates: STALE });
  const confirmOwn = useOpMutation('share.confirm', { invalidates: STALE });
  if (step === null) return null;
  const asked = step === 'issue' || (step === 'confirm' && statement.party === 'tenant');
  return (
    <>
      {row ? (
        <RowAction opensDialog action={() => setOpen(true)} testId={`share-statement-${step}`}>
          {t(`share.statement.${step}`)}
        </RowAction>
      ) : (
        <ActionButton
          opensDialog
          appearance="primary"
          action={() => setOpen(true)}
          data-testid={`share-statement-${step}`}
        >
          {t(`share.statement.${step}`)}
        </ActionButton>
      )}
      {open && asked && (
        <ConfirmDialog
          open
          title={t(`share.statement.${step}`)}
          text={
            step === 'issue'
              ? t('share.statement.issueConfirm', { name: statement.partyName, month: statement.month })
              : t('share.statement.confirmTitle')
          }
          confirmLabel={t(`share.statement.${step}`)}
          onConfirm={async () => {
            try {
              if (step === 'issue') await issue.mutateAsync({ params: { id: statement.id } });
              else await confirmOwn.mutateAsync({ params: { id: statement.id }, body: {} });
              notify(t(step === 'issue' ? 'share.statement.issued' : 'share.statement.confirmed'));
            } catch (error) {
              report(error, { fallback: t('share.statement.actionFailed') });
            }
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      {open && !asked && (
        <StepDialog statement={statement} step={step === 'pay' ? 'pay' : 'confirm'} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

type StepValues = { value: string };

/** A host's confirmation (who confirmed it there, optional) or a payment (its reference, required). */
function StepDialog({
  statement,
  step,
  onClose,
}: {
  statement: ShareStatementItem;
  step: 'confirm' | 'pay';
  onClose: () => void;
}) {
  const { t } = useScreen();
  const confirm = useOpMutation('share.confirm', { invalidates: STALE });
  const pay = useOpMutation('share.pay', { invalidates: STALE });
  const schema = z.object({
    value: step === 'pay' ? text(50) : z.string().trim().max(30, { message: 'validation.maxLength' }),
  });
  const form = useConsoleForm<StepValues>({
    resolver: zodI18nResolver(schema as unknown as z.ZodType<StepValues, StepValues>, t),
    defaultValues: { value: '' },
  });
  const submit = useDialogSave(form, {
    save: ({ value }) =>
      step === 'pay'
        ? pay.mutateAsync({ params: { id: statement.id }, body: { reference: value } })
        : confirm.mutateAsync({ params: { id: statement.id }, body: value ? { by: value } : {} }),
    saved: t(step === 'pay' ? 'share.statement.paid' : 'share.statement.confirmed'),
    failed: t('share.statement.actionFailed'),
    goneCode: CODE.shareStatementNotFound,
    onClose,
  });
  return (
    <FormDialog
      title={t(step === 'pay' ? 'share.statement.payTitle' : 'share.statement.confirmTitle')}
      {...submit.dialog}
      testId="share-step-form"
    >
      <FormInput
        control={form.control}
        name="value"
        label={t(step === 'pay' ? 'share.statement.reference' : 'share.statement.confirmBy')}
        required={step === 'pay'}
        input={{ 'data-testid': 'share-step-value' }}
      />
    </FormDialog>
  );
}
