/**
 * The frame of every pay-by-code dialog of the console (a renewal's, a member's top-up): the amount, the lines
 * the payer reads under it, the payment's number; while it is pending the QR code, whom to scan with, the time
 * left and a spinner; then paid (with what it brought) or failed / expired with the platform's code. What is
 * paid for, its texts and its polling are the caller's. Imported by its path, as QrCode.tsx is: the kit's index
 * is on the sign-in page's path.
 */
import {
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
import type { ReactNode } from 'react';
import { formatYuan } from '../../shared/format.js';
import { QrCode, useCountdown } from './QrCode.js';

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

/** A payment's states as every payer has them. */
export type CodePaymentState = 'pending' | 'paid' | 'failed' | 'expired';

export interface PaymentCodeDialogProps {
  title: string;
  amount: number;
  number: { label: string; value: string };
  payUrl: string | null;
  expiresAt: string;
  state: CodePaymentState;
  platformCode: string | null;
  /** Above the amount (the sandbox's notice), under it (what is credited), and under a paid one (what it moved). */
  notice?: ReactNode;
  lines?: ReactNode;
  paidLines?: ReactNode;
  texts: {
    scan: string;
    expiresIn: (left: { minutes: number; seconds: number }) => string;
    waiting: string;
    paid: string;
    failed: string;
    expired: string;
    platformCode: (code: string) => string;
  };
  /** The buttons, the closing one last. */
  actions: ReactNode;
  onClose: () => void;
  /** The test ids' prefix: `<p>-dialog`, `<p>-amount`, `<p>-number`, `<p>-qr`, `<p>-paid`, `<p>-failed`, … */
  testId: string;
}

export function PaymentCodeDialog(p: PaymentCodeDialogProps) {
  const styles = useStyles();
  const left = useCountdown(p.expiresAt);
  const id = `${p.testId}-state`;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && p.onClose()}>
      <DialogSurface data-testid={`${p.testId}-dialog`} aria-describedby={id}>
        <DialogBody>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogContent className={styles.body}>
            {p.notice}
            <Text className={styles.amount} data-testid={`${p.testId}-amount`}>
              {formatYuan(p.amount)}
            </Text>
            {p.lines}
            <Text>
              {p.number.label}: <span data-testid={`${p.testId}-number`}>{p.number.value}</span>
            </Text>
            {p.state === 'pending' && (
              <>
                {p.payUrl && <QrCode value={p.payUrl} alt={p.texts.scan} testId={`${p.testId}-qr`} />}
                <Text>{p.texts.scan}</Text>
                <Text size={200}>{p.texts.expiresIn(left)}</Text>
                <Spinner size="tiny" label={p.texts.waiting} id={id} />
              </>
            )}
            {p.state === 'paid' && (
              <>
                <MessageBar intent="success" id={id} data-testid={`${p.testId}-paid`}>
                  <MessageBarBody>{p.texts.paid}</MessageBarBody>
                </MessageBar>
                {p.paidLines}
              </>
            )}
            {(p.state === 'failed' || p.state === 'expired') && (
              <MessageBar intent="error" id={id} data-testid={`${p.testId}-${p.state}`}>
                <MessageBarBody>
                  {p.state === 'failed' ? p.texts.failed : p.texts.expired}
                  {p.platformCode && (
                    <span data-testid={`${p.testId}-platform-code`}> {p.texts.platformCode(p.platformCode)}</span>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>{p.actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
