/**
 * An adjustment of a statement's month (the paying side, a draft): an
 * amount in yuan, negative for a deduction, and its reason. It is recorded
 * at once and counted by the month's next close, which the dialog then asks
 * for, so the statement shows it when the close is done.
 */
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { SHARE_LIMITS, type ShareStatementItem } from '../../shared/share/index.js';
import { text } from '../../shared/api/define.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { parseSignedYuan } from './money.js';

type Values = { amount: string; reason: string };

const schema = z.object({
  amount: z
    .string()
    .refine((v) => parseSignedYuan(v) !== null && Math.abs(parseSignedYuan(v)!) <= SHARE_LIMITS.money, {
      message: 'share.validation.amount',
    })
    .refine((v) => parseSignedYuan(v) !== 0, { message: 'share.validation.nonZero' }),
  reason: text(SHARE_LIMITS.reason),
}) as unknown as z.ZodType<Values, Values>;

export function AdjustDialog({ statement, onClose }: { statement: ShareStatementItem; onClose: () => void }) {
  const { t } = useScreen();
  const adjust = useOpMutation('share.adjust', { invalidates: ['share.statementInfo', 'share.statementPage'] });
  const close = useOpMutation('share.close', { invalidates: ['share.closes'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { amount: '', reason: '' },
  });
  const party = statement.party === 'host' ? { hostId: statement.partyId } : { subTenantId: statement.partyId };
  const submit = useDialogSave(form, {
    save: async ({ amount, reason }) => {
      await adjust.mutateAsync({
        body: { ...party, month: statement.month, amount: parseSignedYuan(amount)!, reason },
      });
      await close.mutateAsync({ body: { tenantId: statement.tenantId, month: statement.month } });
    },
    saved: t('share.statement.adjusted'),
    failed: t('share.statement.actionFailed'),
    goneCode: CODE.shareStatementNotFound,
    onClose,
  });
  return (
    <FormDialog
      title={t('share.statement.adjustTitle', { month: statement.month })}
      {...submit.dialog}
      testId="share-adjust-form"
    >
      <FormInput
        control={form.control}
        name="amount"
        label={t('share.statement.amount')}
        input={{ inputMode: 'decimal', 'data-testid': 'share-adjust-amount' }}
      />
      <FormInput
        control={form.control}
        name="reason"
        label={t('share.statement.reason')}
        input={{ 'data-testid': 'share-adjust-reason' }}
      />
    </FormDialog>
  );
}
