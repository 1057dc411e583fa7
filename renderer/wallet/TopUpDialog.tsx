/**
 * A member's top-up at the counter: the amount (¥1 to the cap, checked here for comfort and by the upstream for
 * truth: 952 past the cap with the top-ups still open, at the amount) and the platform; then the payment code
 * for the member to scan, the amount credited with its bonus and the time left, asked again every 1.5 s until
 * it is paid, failed or expired. The wallet tab behind shows the top-up once paid.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
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
import { QrCode, useCountdown } from '../kit/QrCode.js';

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

const useStyles = makeStyles({
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    alignItems: 'center',
    textAlign: 'center',
  },
  amount: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
});

const FINAL = new Set(['paid', 'failed', 'expired']);

/** The payment code of an asked top-up, and what became of it. */
export function TopUpPayDialog({ topUp, onClose, onPaid }: { topUp: TopUp; onClose: () => void; onPaid: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
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
  const left = useCountdown(topUp.expiresAt);
  const platform = t(`wallet.topUp.platforms.${topUp.platform}`);
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="wallet-pay" aria-describedby="wallet-pay-state">
        <DialogBody>
          <DialogTitle>{t('wallet.topUp.payTitle')}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text className={styles.amount} data-testid="wallet-pay-amount">
              {formatYuan(topUp.amount)}
            </Text>
            <Text data-testid="wallet-pay-credit">
              {t('wallet.topUp.withBonus', {
                total: formatYuan(topUp.amount + topUp.bonus),
                bonus: formatYuan(topUp.bonus),
              })}
            </Text>
            <Text>
              {t('wallet.topUp.number')}: <span data-testid="wallet-pay-number">{topUp.number}</span>
            </Text>
            {current.state === 'pending' && (
              <>
                {topUp.payUrl && (
                  <QrCode value={topUp.payUrl} alt={t('wallet.topUp.scan', { platform })} testId="wallet-pay-qr" />
                )}
                <Text>{t('wallet.topUp.scan', { platform })}</Text>
                <Text size={200}>{t('wallet.topUp.expiresIn', left)}</Text>
                <Spinner size="tiny" label={t('wallet.topUp.waiting')} id="wallet-pay-state" />
              </>
            )}
            {paid && (
              <MessageBar intent="success" id="wallet-pay-state" data-testid="wallet-pay-paid">
                <MessageBarBody>{t('wallet.topUp.paid')}</MessageBarBody>
              </MessageBar>
            )}
            {(current.state === 'failed' || current.state === 'expired') && (
              <MessageBar intent="error" id="wallet-pay-state" data-testid={`wallet-pay-${current.state}`}>
                <MessageBarBody>
                  {t(current.state === 'failed' ? 'wallet.topUp.failedPay' : 'wallet.topUp.expired')}
                  {current.platformCode && ` ${t('wallet.topUp.platformCode', { code: current.platformCode })}`}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="wallet-pay-close">
              {t(current.state === 'pending' ? 'common.close' : 'wallet.topUp.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
