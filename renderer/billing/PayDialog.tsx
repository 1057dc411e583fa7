/**
 * A renewal's payment (spec §2 payCenter): the provider's QR code, the
 * amount and the time left, asked again every 1.5 s until the payment is
 * paid, failed or expired; then what happened, and for a paid one each
 * device's new end date. The sandbox stands in for the provider, and says so.
 * The dialog's frame is the kit's (PaymentCodeDialog.tsx).
 */
import { Button, makeStyles, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { RenewalItem } from '../../shared/billing/index.js';
import { useOp } from '../bridge.js';
import { useScreen } from '../kit/index.js';
import { PaymentCodeDialog } from '../kit/PaymentCodeDialog.js';
import { formatDate } from './feeDevices.js';
import { BILL_PATH } from './paths.js';

const useStyles = makeStyles({
  lines: { margin: 0, paddingLeft: 0, listStyle: 'none', width: '100%', textAlign: 'start' },
});

const FINAL = new Set(['paid', 'failed', 'expired']);

export function PayDialog({
  renewal,
  onClose,
  onPaid,
}: {
  renewal: RenewalItem;
  onClose: () => void;
  onPaid?: () => void;
}) {
  const { t, navigate } = useScreen();
  const styles = useStyles();
  const state = useOp(
    'billing.renewal',
    { params: { id: renewal.id } },
    {
      refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.state) ? false : 1500),
    },
  );
  const current = state.data ?? { ...renewal, devices: [] };
  // Paid: the list behind shows the new service ends at once, not only after "Done".
  const paid = current.state === 'paid';
  useEffect(() => {
    if (paid) onPaid?.();
    // Once, as it becomes paid.
  }, [paid]);
  const platform = t(`billing.renew.platforms.${renewal.platform}`);

  return (
    <PaymentCodeDialog
      title={t('billing.pay.title')}
      amount={renewal.amount}
      number={{ label: t('billing.pay.number'), value: renewal.number }}
      payUrl={renewal.payUrl}
      expiresAt={renewal.expiresAt}
      state={current.state}
      platformCode={current.platformCode}
      notice={
        // Multiline: in the dialog's width Fluent's automatic layout kept one line and cut the text mid-word.
        renewal.simulated && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{t('billing.simulated')}</MessageBarBody>
          </MessageBar>
        )
      }
      paidLines={
        <ul className={styles.lines}>
          {current.devices.map((d) => (
            <li key={d.deviceId} data-testid="pay-device">
              {d.name} · {t('billing.pay.newExpiry')} {formatDate(d.expiryAfter)}
            </li>
          ))}
        </ul>
      }
      texts={{
        scan: t('billing.pay.scan', { platform }),
        expiresIn: (left) => t('billing.pay.expiresIn', left),
        waiting: t('billing.pay.waiting'),
        paid: t('billing.pay.paid'),
        failed: t('billing.pay.failed'),
        expired: t('billing.pay.expired'),
        platformCode: (code) => t('billing.pay.platformCode', { code }),
      }}
      actions={
        <>
          {paid && (
            <Button
              onClick={() => {
                onClose();
                void navigate(BILL_PATH);
              }}
              data-testid="pay-bills"
            >
              {t('billing.pay.toBills')}
            </Button>
          )}
          <Button appearance="primary" onClick={onClose} data-testid="pay-close">
            {t(current.state === 'pending' ? 'common.close' : 'billing.pay.done')}
          </Button>
        </>
      }
      onClose={onClose}
      testId="pay"
    />
  );
}
