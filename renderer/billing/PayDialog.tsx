/**
 * A renewal's payment (spec §2 payCenter): the provider's QR code, the
 * amount and the time left, asked again every 1.5 s until the payment is
 * paid, failed or expired; then what happened, and for a paid one each
 * device's new end date. The sandbox stands in for the provider, and says so.
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
import type { RenewalItem } from '../../shared/billing/index.js';
import { formatYuan } from '../../shared/format.js';
import { useOp } from '../bridge.js';
import { useScreen } from '../kit/index.js';
import { QrCode, useCountdown } from '../kit/QrCode.js';
import { formatDate } from './feeDevices.js';
import { BILL_PATH } from './paths.js';

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
  const left = useCountdown(renewal.expiresAt);
  const platform = t(`billing.renew.platforms.${renewal.platform}`);

  return (
    <Dialog
      open
      modalType="alert"
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface data-testid="pay-dialog" aria-describedby="pay-state">
        <DialogBody>
          <DialogTitle>{t('billing.pay.title')}</DialogTitle>
          <DialogContent className={styles.body}>
            {/* Multiline: in the dialog's width Fluent's automatic layout kept one line and cut the text mid-word. */}
            {renewal.simulated && (
              <MessageBar intent="warning" layout="multiline">
                <MessageBarBody>{t('billing.simulated')}</MessageBarBody>
              </MessageBar>
            )}
            <Text className={styles.amount} data-testid="pay-amount">
              {formatYuan(renewal.amount)}
            </Text>
            <Text>
              {t('billing.pay.number')}: <span data-testid="pay-number">{renewal.number}</span>
            </Text>
            {current.state === 'pending' && (
              <>
                <QrCode value={renewal.payUrl} alt={t('billing.pay.scan', { platform })} testId="pay-qr" />
                <Text>{t('billing.pay.scan', { platform })}</Text>
                <Text size={200}>{t('billing.pay.expiresIn', left)}</Text>
                <Spinner size="tiny" label={t('billing.pay.waiting')} id="pay-state" />
              </>
            )}
            {current.state === 'paid' && (
              <>
                <MessageBar intent="success" id="pay-state" data-testid="pay-paid">
                  <MessageBarBody>{t('billing.pay.paid')}</MessageBarBody>
                </MessageBar>
                <ul className={styles.lines}>
                  {current.devices.map((d) => (
                    <li key={d.deviceId} data-testid="pay-device">
                      {d.name} · {t('billing.pay.newExpiry')} {formatDate(d.expiryAfter)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {(current.state === 'failed' || current.state === 'expired') && (
              <MessageBar intent="error" id="pay-state" data-testid={`pay-${current.state}`}>
                <MessageBarBody>
                  {t(`billing.pay.${current.state}`)}
                  {current.platformCode && (
                    <span data-testid="pay-platform-code">
                      {' '}
                      {t('billing.pay.platformCode', { code: current.platformCode })}
                    </span>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            {current.state === 'paid' && (
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
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
