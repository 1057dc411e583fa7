/**
 * A bill's invoice on the bill list: its state (and the courier's tracking
 * number once mailed), and what the caller may do — a tenant applies for a
 * paid bill's invoice (InvoiceWizard) and saves the record; the system admin
 * marks it issued, then mailed with the tracking number.
 */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentAddRegular, MailRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { invoiceMark, type InvoiceState, type RenewalItem } from '../../shared/billing/index.js';
import { callOp, useOpMutation } from '../bridge.js';
import { asCallError } from '../app/errors.js';
import { saveFile } from '../app/save.js';
import { XLSX_MIME } from '../kit/xlsx.js';
import { currentLang } from '../i18n/index.js';
import { ActionButton, ConfirmDialog, OverflowText, useCloseGuard, useScreen, RowAction } from '../kit/index.js';

const STATE_COLOURS: Readonly<Record<InvoiceState, BadgeProps['color']>> = {
  applied: 'warning',
  issued: 'brand',
  mailed: 'success',
};

const useCellStyles = makeStyles({
  // The tracking number under the state, whole where the column allows (a clerk copies it), else cut with an ellipsis.
  cell: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', rowGap: '2px', minWidth: 0 },
  number: { maxWidth: '100%', fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
});

export function InvoiceCell({ bill }: { bill: RenewalItem }) {
  const { t } = useScreen();
  const styles = useCellStyles();
  if (!bill.invoice) return <Text size={200}>{bill.state === 'paid' ? t('billing.invoice.none') : '—'}</Text>;
  return (
    <span data-testid="bill-invoice" className={styles.cell}>
      <Badge appearance="tint" color={STATE_COLOURS[bill.invoice.state]}>
        {t(`billing.invoice.states.${bill.invoice.state}`)}
      </Badge>{' '}
      {bill.invoice.trackingNumber && <OverflowText text={bill.invoice.trackingNumber} className={styles.number} />}
    </span>
  );
}

export type InvoiceAction = { kind: 'apply' | 'issue' | 'mail'; bill: RenewalItem } | null;

/** The buttons of a bill's row. */
export function InvoiceButtons({ bill, onAction }: { bill: RenewalItem; onAction: (a: InvoiceAction) => void }) {
  const { t, user, report } = useScreen();
  const invoice = bill.invoice;
  const save = async () => {
    try {
      const record = await callOp('billing.invoiceRecord', {
        params: { id: invoice!.id },
        query: { lang: currentLang() },
      });
      await saveFile(record.name, XLSX_MIME, record.data);
    } catch (error) {
      report(error);
    }
  };
  if (user.roleKind === 'tenant' && bill.state === 'paid' && !invoice) {
    return (
      <Button
        size="small"
        appearance="subtle"
        icon={<DocumentAddRegular />}
        onClick={() => onAction({ kind: 'apply', bill })}
        data-testid="bill-apply"
      >
        {t('billing.invoice.apply')}
      </Button>
    );
  }
  if (!invoice) return null;
  return (
    <>
      {user.roleKind === 'admin' && invoice.state === 'applied' && (
        <Button
          size="small"
          appearance="subtle"
          icon={<ReceiptRegular />}
          onClick={() => onAction({ kind: 'issue', bill })}
          data-testid="bill-issue"
        >
          {t('billing.invoice.markIssued')}
        </Button>
      )}
      {user.roleKind === 'admin' && invoice.state === 'issued' && (
        <Button
          size="small"
          appearance="subtle"
          icon={<MailRegular />}
          onClick={() => onAction({ kind: 'mail', bill })}
          data-testid="bill-mail"
        >
          {t('billing.invoice.markMailed')}
        </Button>
      )}
      <RowAction icon={<ArrowDownloadRegular />} action={save} testId="bill-record">
        {t('billing.invoice.record')}
      </RowAction>
    </>
  );
}

/** The admin's marks: issued (a confirmation), mailed (the tracking number). */
export function InvoiceMarkDialogs({ action, onClose }: { action: InvoiceAction; onClose: () => void }) {
  const { t, notify, report } = useScreen();
  const [tracking, setTracking] = useState('');
  const [problem, setProblem] = useState<string>();
  const mark = useOpMutation('billing.markInvoice', { invalidates: ['billing.bills', 'billing.invoices'] });
  const id = action?.bill.invoice?.id;
  // A typed tracking number is not thrown away by a stray Escape or click beside the dialog.
  const guard = useCloseGuard({ busy: mark.isPending, dirty: tracking.trim() !== '', onClose });
  const issue = async () => {
    try {
      await mark.mutateAsync({ params: { id: id! }, body: { state: 'issued' } });
      notify(t('billing.invoice.marked'));
    } catch (error) {
      report(error);
    }
    onClose();
  };
  const mail = async () => {
    if (!invoiceMark.safeParse({ state: 'mailed', trackingNumber: tracking }).success) {
      setProblem(t('billing.validation.tracking'));
      return;
    }
    try {
      await mark.mutateAsync({ params: { id: id! }, body: { state: 'mailed', trackingNumber: tracking.trim() } });
      notify(t('billing.invoice.marked'));
      onClose();
    } catch (error) {
      const field = asCallError(error).fields?.trackingNumber;
      if (field) setProblem(t(field as 'billing.validation.tracking'));
      else {
        report(error);
        onClose();
      }
    }
  };
  return (
    <>
      <ConfirmDialog
        open={action?.kind === 'issue'}
        text={`${t('billing.invoice.markIssued')} · ${action?.bill.number ?? ''}`}
        onConfirm={issue}
        onCancel={onClose}
      />
      <Dialog open={action?.kind === 'mail'} onOpenChange={guard.onOpenChange}>
        <DialogSurface data-testid="bill-mail-dialog">
          <DialogBody>
            <DialogTitle>{t('billing.invoice.mailTitle', { number: action?.bill.number ?? '' })}</DialogTitle>
            <DialogContent>
              <Field label={t('billing.invoice.tracking')} required validationMessage={problem}>
                <Input
                  value={tracking}
                  maxLength={30}
                  onChange={(_, d) => {
                    setTracking(d.value);
                    setProblem(undefined);
                  }}
                  data-testid="bill-tracking"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <ActionButton appearance="primary" action={mail} data-testid="bill-mail-save">
                {t('billing.invoice.markMailed')}
              </ActionButton>
            </DialogActions>
          </DialogBody>
          {guard.question}
        </DialogSurface>
      </Dialog>
    </>
  );
}
