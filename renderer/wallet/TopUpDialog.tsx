/**
 * A member's top-up at the counter: the amount (¥1 to the cap, checked here for comfort and by the upstream for
 * truth: 952 past the cap with the top-ups still open, at the amount) and the platform; then the payment code
 * for the member to scan, the amount credited with its bonus and the time left, asked again every 1.5 s until
 * it is paid, failed or expired. The wallet tab behind shows the top-up once paid.
 */
import { Button, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { formatYuan, parseYuan } from '../../shared/format.js';
import { TOP_UP_PLATFORMS, topUpInput, type TopUp } from '../../shared/wallet/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormDialog, FormRadio, useDialogSave, useScreen } from '../kit/index.js';
import { PaymentCodeDialog } from '../kit/PaymentCodeDialog.js';

const typed = z.object({
  amount: z
    .string()
    .trim()
    .refine((v) => topUpInput.shape.amount.safeParse(parseYuan(v)).success, { message: 'wallet.validation.amount' }),
  platform: z.enum(TOP_UP_PLATFORMS),
});
type Values = z.input<typeof typed>;

/** The form: what is paid and where; its answer (the top-up, pending with its code) goes to `onAsked`. */
export function TopUpDialog({
  member,
  onClose,
  onAsked,
}: {
  member: { id: number; name: string };
  onClose: () => void;
  onAsked: (topUp: TopUp) => void;
}) {
  const { t } = useScreen();
  const ask = useOpMutation('wallet.topUp');
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { amount: '', platform: 'wechat' },
  });
  const submit = useDialogSave(form, {
    save: async (v) =>
      onAsked(
        await ask.mutateAsync({ body: { memberId: member.id, amount: parseYuan(v.amount)!, platform: v.platform } }),
      ),
    saved: t('wallet.topUp.asked'),
    failed: t('wallet.topUp.failed'),
    goneCode: CODE.programmeMemberNotFound,
    onClose,
    fieldCodes: { [CODE.walletCapReached]: 'amount', [CODE.paymentNotOpen]: 'platform' },
  });
  return (
    <FormDialog
      title={t('wallet.topUp.title', { name: member.name })}
      {...submit.dialog}
      testId="wallet-top-up"
      submitLabel={t('wallet.topUp.submit')}
    >
      <FormInput
        control={form.control}
        name="amount"
        label={t('wallet.topUp.amount')}
        hint={t('wallet.topUp.amountHint')}
        input={{ inputMode: 'decimal', maxLength: 10, 'data-testid': 'wallet-top-up-amount' }}
      />
      <FormRadio
        control={form.control}
        name="platform"
        label={t('wallet.topUp.platform')}
        options={TOP_UP_PLATFORMS.map((p) => ({ value: p, text: t(`wallet.topUp.platforms.${p}`) }))}
        testId="wallet-top-up-platform"
      />
    </FormDialog>
  );
}

const FINAL = new Set(['paid', 'failed', 'expired']);

/** The payment code of an asked top-up, and what became of it (the kit's PaymentCodeDialog). */
export function TopUpPayDialog({ topUp, onClose, onPaid }: { topUp: TopUp; onClose: () => void; onPaid: () => void }) {
  const { t } = useScreen();
  const state = useOp(
    'wallet.topUpOf',
    { params: { id: topUp.id } },
    { refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.state) ? false : 1500) },
  );
  const current = state.data ?? topUp;
  const paid = current.state === 'paid';
  useEffect(() => {
    if (paid) onPaid();
    // Once, as it becomes paid.
  }, [paid]);
  const platform = t(`wallet.topUp.platforms.${topUp.platform}`);
  return (
    <PaymentCodeDialog
      title={t('wallet.topUp.payTitle')}
      amount={topUp.amount}
      number={{ label: t('wallet.topUp.number'), value: topUp.number }}
      payUrl={topUp.payUrl}
      expiresAt={topUp.expiresAt}
      state={current.state}
      platformCode={current.platformCode}
      lines={
        <Text data-testid="wallet-pay-credit">
          {t('wallet.topUp.withBonus', {
            total: formatYuan(topUp.amount + topUp.bonus),
            bonus: formatYuan(topUp.bonus),
          })}
        </Text>
      }
      texts={{
        scan: t('wallet.topUp.scan', { platform }),
        expiresIn: (left) => t('wallet.topUp.expiresIn', left),
        waiting: t('wallet.topUp.waiting'),
        paid: t('wallet.topUp.paid'),
        failed: t('wallet.topUp.failedPay'),
        expired: t('wallet.topUp.expired'),
        platformCode: (code) => t('wallet.topUp.platformCode', { code }),
      }}
      actions={
        <Button appearance="primary" onClick={onClose} data-testid="wallet-pay-close">
          {t(current.state === 'pending' ? 'common.close' : 'wallet.topUp.done')}
        </Button>
      }
      onClose={onClose}
      testId="wallet-pay"
    />
  );
}
