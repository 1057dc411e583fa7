/**
 * Invoice application in four steps (spec §2 bill, §4): invoice info
 * (company, phone, tax code — a unified social credit code —, bank account,
 * bank, address), receipt info (receiver, mobile, address), confirm ("submission
 * failed" when refused, everything kept), done ("mailed within 10 working
 * days"). The info the tenant gave last is filled in. Each step's fields are
 * checked before the next, by the same schemas the upstream checks with.
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
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  INVOICE_MAIL_DAYS,
  invoiceInfo,
  receiptInfo,
  type InvoiceInfo,
  type ReceiptInfo,
  type RenewalItem,
} from '../../shared/billing/index.js';
import { formatYuan } from '../../shared/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import { applyFieldErrors, fieldsUnder, SUBMIT_THEN_LIVE, zodI18nResolver } from '../app/form.js';
import { asCallError } from '../app/errors.js';
import { FormInput } from '../app/FormInput.js';
import { ActionButton, useCloseGuard, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  steps: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    flexWrap: 'wrap',
  },
  step: {
    color: tokens.colorNeutralForeground3,
    paddingBottom: tokens.spacingVerticalXXS,
    borderBottom: `${tokens.strokeWidthThick} solid transparent`,
  },
  current: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
  fields: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalM,
  },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    marginTop: tokens.spacingVerticalM,
    overflowWrap: 'anywhere',
  },
  done: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  doneIcon: { fontSize: '32px', color: tokens.colorPaletteGreenForeground1 },
});

const STEPS = ['invoice', 'receipt', 'confirm', 'done'] as const;
type Step = (typeof STEPS)[number];
const EMPTY_INVOICE: InvoiceInfo = { company: '', phone: '', taxCode: '', bankAccount: '', bankName: '', address: '' };
const EMPTY_RECEIPT: ReceiptInfo = { receiver: '', phone: '', address: '' };

/** The texts under billing.invoice that name (or explain) a field. */
type FieldText =
  | 'company'
  | 'phone'
  | 'taxCode'
  | 'taxCodeHint'
  | 'bankAccount'
  | 'bankName'
  | 'address'
  | 'receiver'
  | 'receiverPhone'
  | 'receiverAddress';
/** A step's text field: its name in the form, its label (and hint) under billing.invoice, its length and keyboard. */
interface StepField<T> {
  name: keyof T & string;
  label: FieldText;
  hint?: FieldText;
  max: number;
  mode?: 'tel' | 'numeric';
  testId: string;
}
/** The invoice step's fields, in order; the confirm step lists them so too. */
const INVOICE_FIELDS: readonly StepField<InvoiceInfo>[] = [
  { name: 'company', label: 'company', max: 60, testId: 'invoice-company' },
  { name: 'phone', label: 'phone', max: 13, mode: 'tel', testId: 'invoice-phone' },
  { name: 'taxCode', label: 'taxCode', hint: 'taxCodeHint', max: 18, testId: 'invoice-tax-code' },
  { name: 'bankAccount', label: 'bankAccount', max: 30, mode: 'numeric', testId: 'invoice-bank-account' },
  { name: 'bankName', label: 'bankName', max: 40, testId: 'invoice-bank-name' },
  { name: 'address', label: 'address', max: 100, testId: 'invoice-address' },
];
const RECEIPT_FIELDS: readonly StepField<ReceiptInfo>[] = [
  { name: 'receiver', label: 'receiver', max: 20, testId: 'receipt-receiver' },
  { name: 'phone', label: 'receiverPhone', max: 11, mode: 'tel', testId: 'receipt-phone' },
  { name: 'address', label: 'receiverAddress', max: 100, testId: 'receipt-address' },
];

/** One step's form: Enter in a field goes on, as the Next button does. */
function StepForm<T extends FieldValues>({
  form,
  fields,
  onNext,
}: {
  form: UseFormReturn<T>;
  fields: readonly StepField<T>[];
  onNext: (() => Promise<void>) | undefined;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  return (
    <form
      className={styles.fields}
      onSubmit={(e) => {
        e.preventDefault();
        void onNext?.();
      }}
    >
      {fields.map((f) => (
        <FormInput
          key={f.name}
          control={form.control}
          name={f.name as FieldPath<T>}
          label={t(`billing.invoice.${f.label}`)}
          {...(f.hint ? { hint: t(`billing.invoice.${f.hint}`) } : {})}
          input={{ maxLength: f.max, ...(f.mode ? { inputMode: f.mode } : {}), 'data-testid': f.testId }}
        />
      ))}
      <button type="submit" hidden />
    </form>
  );
}

export function InvoiceWizard({ bill, onClose }: { bill: RenewalItem; onClose: () => void }) {
  const { t } = useScreen();
  const profile = useOp('billing.invoiceProfile', {});
  // What was typed in the steps: Escape or a click beside the dialog asks before throwing it away.
  const [state, setState] = useState({ dirty: false, busy: false });
  const guard = useCloseGuard({ ...state, onClose });
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogSurface data-testid="invoice-wizard">
        <DialogBody>
          <DialogTitle>{t('billing.invoice.title', { number: bill.number })}</DialogTitle>
          {/*
            The steps open at once, so the focus lands on the first field: a dialog opened on a spinner alone
            focused its own surface, and Fluent's focus trap (tabster) then hid the whole dialog (aria-hidden)
            and let Tab and Escape go to the page behind. The remembered info fills the fields when it comes,
            leaving alone what was already typed; unread, they stay empty.
          */}
          <WizardSteps
            bill={bill}
            invoice={profile.data?.invoice ?? undefined}
            receipt={profile.data?.receipt ?? undefined}
            onClose={onClose}
            onState={setState}
          />
        </DialogBody>
        {guard.question}
      </DialogSurface>
    </Dialog>
  );
}

function WizardSteps({
  bill,
  invoice,
  receipt,
  onClose,
  onState,
}: {
  bill: RenewalItem;
  invoice: InvoiceInfo | undefined;
  receipt: ReceiptInfo | undefined;
  onClose: () => void;
  onState: (state: { dirty: boolean; busy: boolean }) => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const [step, setStep] = useState<Step>('invoice');
  const [failed, setFailed] = useState(false);
  // The remembered info may arrive after the clerk began typing: it keeps the typed values, and the steps stay
  // dirty through the fill (react-hook-form would call them clean for one render and correct itself in an effect;
  // an Escape in between would close them without asking).
  const remembered = { resetOptions: { keepDirtyValues: true, keepDirty: true }, ...SUBMIT_THEN_LIVE } as const;
  const invoiceForm = useForm({
    resolver: zodI18nResolver(invoiceInfo, t),
    defaultValues: EMPTY_INVOICE,
    values: invoice,
    ...remembered,
  });
  const receiptForm = useForm({
    resolver: zodI18nResolver(receiptInfo, t),
    defaultValues: EMPTY_RECEIPT,
    values: receipt,
    ...remembered,
  });
  const apply = useOpMutation('billing.applyInvoice', {
    invalidates: ['billing.bills', 'billing.invoices', 'billing.invoiceProfile'],
  });
  const dirty = step !== 'done' && (invoiceForm.formState.isDirty || receiptForm.formState.isDirty);
  const busy = apply.isPending;
  useEffect(() => onState({ dirty, busy }), [dirty, busy, onState]);

  const next =
    step === 'invoice'
      ? invoiceForm.handleSubmit(() => setStep('receipt'))
      : step === 'receipt'
        ? receiptForm.handleSubmit(() => setStep('confirm'))
        : undefined;
  const submit = async () => {
    setFailed(false);
    try {
      await apply.mutateAsync({
        body: { renewalId: bill.id, invoice: invoiceForm.getValues(), receipt: receiptForm.getValues() },
      });
      setStep('done');
    } catch (error) {
      setFailed(true);
      // A field the upstream refused sends the user back to its step, the field marked.
      const fields = asCallError(error).fields ?? {};
      const onInvoice = fieldsUnder(fields, 'invoice');
      const onReceipt = fieldsUnder(fields, 'receipt');
      if (Object.keys(fields).some((k) => k.startsWith('invoice.'))) {
        applyFieldErrors(onInvoice, invoiceForm.setError, t);
        setStep('invoice');
      } else if (Object.keys(fields).some((k) => k.startsWith('receipt.'))) {
        applyFieldErrors(onReceipt, receiptForm.setError, t);
        setStep('receipt');
      }
    }
  };
  const i = invoiceForm.getValues();
  const r = receiptForm.getValues();
  const line = (label: string, value: string) => [
    <Text key={`${label}-l`}>{label}</Text>,
    <Text key={`${label}-v`} weight="semibold">
      {value}
    </Text>,
  ];

  return (
    <>
      <DialogContent>
        <ol className={styles.steps} aria-label={t('billing.invoice.apply')}>
          {STEPS.map((s, n) => (
            <li
              key={s}
              className={s === step ? `${styles.step} ${styles.current}` : styles.step}
              aria-current={s === step ? 'step' : undefined}
              data-testid={`invoice-step-${s}`}
            >
              {n + 1}. {t(`billing.invoice.steps.${s}`)}
            </li>
          ))}
        </ol>
        {failed && step !== 'done' && (
          <MessageBar intent="error" data-testid="invoice-failed">
            <MessageBarBody>{t('billing.invoice.failed')}</MessageBarBody>
          </MessageBar>
        )}
        {step === 'invoice' && <StepForm form={invoiceForm} fields={INVOICE_FIELDS} onNext={next} />}
        {step === 'receipt' && <StepForm form={receiptForm} fields={RECEIPT_FIELDS} onNext={next} />}
        {step === 'confirm' && (
          <div className={styles.summary} data-testid="invoice-summary">
            {line(t('billing.invoice.amount'), formatYuan(bill.amount))}
            {INVOICE_FIELDS.map((f) =>
              line(t(`billing.invoice.${f.label}`), f.name === 'taxCode' ? i.taxCode.toUpperCase() : i[f.name]),
            )}
            {RECEIPT_FIELDS.map((f) => line(t(`billing.invoice.${f.label}`), r[f.name]))}
          </div>
        )}
        {step === 'done' && (
          <div className={styles.done} data-testid="invoice-done">
            <CheckmarkCircleRegular className={styles.doneIcon} aria-hidden />
            <Text>{t('billing.invoice.doneText', { days: INVOICE_MAIL_DAYS })}</Text>
          </div>
        )}
      </DialogContent>
      <DialogActions>
        {(step === 'receipt' || step === 'confirm') && (
          <Button onClick={() => setStep(step === 'receipt' ? 'invoice' : 'receipt')} data-testid="invoice-back">
            {t('billing.invoice.back')}
          </Button>
        )}
        {step !== 'done' && <Button onClick={onClose}>{t('common.cancel')}</Button>}
        {(step === 'invoice' || step === 'receipt') && (
          <Button appearance="primary" onClick={() => void next?.()} data-testid="invoice-next">
            {t('billing.invoice.next')}
          </Button>
        )}
        {step === 'confirm' && (
          <ActionButton appearance="primary" action={submit} data-testid="invoice-submit">
            {t('billing.invoice.submit')}
          </ActionButton>
        )}
        {step === 'done' && (
          <Button appearance="primary" onClick={onClose} data-testid="invoice-close">
            {t('billing.pay.done')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
