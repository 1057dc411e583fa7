/**
 * A tenant's payment settings as a form (spec §3; the distributor list's
 * "Payment settings" and /person's payment account): one card per provider,
 * set up on demand. Secrets are write-only: a set one shows its last four
 * characters and when it was set, with "Replace" to type a new one; an
 * empty secret is left out of the save, which keeps it. The p12 is chosen in
 * the desktop's open dialog (main reads it) or the browser's file input and
 * sent as base64 (the upstream opens it with the merchant id). The
 * upstream's schema checks on submit; its refusals land at their fields.
 */
import { Button, Card, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, Textarea, tokens } from '@fluentui/react-components';
import { useRef, useState, type ReactNode } from 'react';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { paymentInput, SECRETS, type PaymentView, type SecretSection, type SecretView } from '../../shared/payment/index.js';
import { fieldMessages } from '../app/form.js';
import { formatDateTime } from '../app/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import { ActionButton, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))', gap: tokens.spacingHorizontalM },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  secret: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px', flexWrap: 'wrap' },
  input: { flexGrow: 1, minWidth: 0 },
  // The browser's own file button speaks the browser's language: a Fluent button opens it instead.
  hidden: { position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none' },
});

type Sections = 'wechat' | 'alipay' | 'aggregate' | 'wallet' | 'direct';
type Values = Record<string, string | boolean>;
const SECTIONS: readonly Sections[] = ['wechat', 'alipay', 'aggregate', 'wallet', 'direct'];
const PLAIN: Readonly<Record<Sections, readonly string[]>> = {
  wechat: ['merchantId', 'subMerchantId', 'publicAppId', 'miniAppId'],
  alipay: ['publicKey', 'lifeAppId', 'miniAppId'],
  aggregate: ['appId', 'vendorSn'],
  wallet: ['merchantNumber'],
  direct: ['merchantNumber'],
};

/** The form's starting values from what is stored (secrets start empty: kept). */
function initial(view: PaymentView): Record<Sections, Values | null> {
  return {
    wechat: view.wechat && { type: view.wechat.type, merchantId: view.wechat.merchantId, subMerchantId: view.wechat.subMerchantId ?? '', publicAppId: view.wechat.publicAppId, miniAppId: view.wechat.miniAppId },
    alipay: view.alipay && { publicKey: view.alipay.publicKey, lifeAppId: view.alipay.lifeAppId, miniAppId: view.alipay.miniAppId },
    aggregate: view.aggregate && { appId: view.aggregate.appId, vendorSn: view.aggregate.vendorSn, wallet: view.aggregate.wallet },
    wallet: view.wallet && { merchantNumber: view.wallet.merchantNumber },
    direct: view.direct && { merchantNumber: view.direct.merchantNumber },
  };
}

/** The body of a save: the sections set up, their plain fields, and only the secrets typed. */
function bodyOf(values: Record<Sections, Values | null>, tenantId: number | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = tenantId === undefined ? {} : { tenantId };
  for (const section of SECTIONS) {
    const v = values[section];
    if (!v) continue;
    body[section] = Object.fromEntries(Object.entries(v).filter(([k, x]) => !(typeof x === 'string' && x.trim() === '' && (k === 'subMerchantId' || isSecret(section, k)))));
  }
  return body;
}
const isSecret = (section: Sections, field: string) => section in SECRETS && (SECRETS[section as SecretSection] as readonly string[]).includes(field);

export function PaymentForm({ tenantId }: { tenantId?: number | undefined }) {
  const { t } = useScreen();
  const settings = useOp('payment.settings', { body: tenantId === undefined ? {} : { tenantId } }, { staleTime: 0 });
  if (settings.isError) return <MessageBar intent="error"><MessageBarBody>{t('common.loadFailed')}</MessageBarBody></MessageBar>;
  if (!settings.data) return <Spinner />;
  return <Loaded key={settings.data.updatedAt ?? 'new'} view={settings.data} tenantId={tenantId} />;
}

function Loaded({ view, tenantId }: { view: PaymentView; tenantId: number | undefined }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('payment.save', { invalidates: ['payment.settings'] });
  const [values, setValues] = useState(() => initial(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (section: Sections, field: string, value: string | boolean) =>
    setValues((all) => ({ ...all, [section]: { ...all[section], [field]: value } }));
  const setUp = (section: Sections) => setValues((all) => ({
    ...all, [section]: section === 'wechat' ? { type: 'regular', merchantId: '', subMerchantId: '', publicAppId: '', miniAppId: '' }
      : section === 'aggregate' ? { appId: '', vendorSn: '', wallet: false } : Object.fromEntries(PLAIN[section].map((f) => [f, ''])),
  }));

  const submit = async () => {
    const body = bodyOf(values, tenantId);
    const checked = paymentInput.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), t(i.message as 'validation.invalid')])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ body: checked.data });
      notify(t('payment.saved'));
    } catch (error) {
      report(error, { fallback: t('payment.saveFailed'), onFields: (fields) => setErrors(fieldMessages(fields, t)) });
    }
  };

  const text = (section: Sections, field: string, label: string, multiline = false) => {
    const v = values[section]!;
    const props = { value: String(v[field] ?? ''), onChange: (_: unknown, d: { value: string }) => set(section, field, d.value), 'data-testid': `payment-${section}-${field}` };
    return (
      <Field label={label} validationMessage={errors[`${section}.${field}`]}>
        {multiline ? <Textarea {...props} resize="vertical" /> : <Input {...props} />}
      </Field>
    );
  };
  const secret = (section: SecretSection, field: string, label: string, file = false) => (
    <Secret key={`${section}.${field}`} label={label} stored={(view[section]?.secrets as Record<string, SecretView> | undefined)?.[field]}
      value={String(values[section]?.[field] ?? '')} onChange={(value) => set(section, field, value)} error={errors[`${section}.${field}`]} file={file}
      testId={`payment-${section}-${field}`} />
  );
  const card = (section: Sections, body: () => ReactNode, extra?: ReactNode) => (
    <Card className={styles.card} data-testid={`payment-${section}`}>
      <div className={styles.head}>
        <Text weight="semibold">{t(`payment.sections.${section}`)}</Text>
        {!values[section] && <Button size="small" onClick={() => setUp(section)} data-testid={`payment-${section}-setup`}>{t('payment.setUp')}</Button>}
      </div>
      {values[section] && <div className={styles.grid}>{body()}</div>}
      {values[section] && extra}
    </Card>
  );
  const certificate = (c: PaymentView['direct'] extends infer D ? D extends { certificate: infer C } ? C : never : never) => c && (
    <MessageBar intent={c.soon ? 'warning' : 'info'} data-testid="payment-certificate">
      <MessageBarBody>{t(c.soon ? 'payment.certificateSoon' : 'payment.certificate', { subject: c.subject, date: formatDateTime(c.notAfter).slice(0, 10) })}</MessageBarBody>
    </MessageBar>
  );

  return (
    <div className={styles.form}>
      <Text size={200}>{t('payment.intro')}</Text>
      {card('wechat', () => (
        <>
          <Field label={t('payment.fields.type')}>
            <RadioGroup layout="horizontal" value={String(values.wechat!.type)} onChange={(_, d) => set('wechat', 'type', d.value)} data-testid="payment-wechat-type">
              <Radio value="regular" label={t('payment.fields.types.regular')} />
              <Radio value="subMerchant" label={t('payment.fields.types.subMerchant')} />
            </RadioGroup>
          </Field>
          {text('wechat', 'merchantId', t('payment.fields.merchantId'))}
          {values.wechat!.type === 'subMerchant' && text('wechat', 'subMerchantId', t('payment.fields.subMerchantId'))}
          {secret('wechat', 'merchantKey', t('payment.fields.merchantKey'))}
          {secret('wechat', 'p12', t('payment.fields.p12'), true)}
          {text('wechat', 'publicAppId', t('payment.fields.publicAppId'))}
          {secret('wechat', 'publicAesKey', t('payment.fields.publicAesKey'))}
          {secret('wechat', 'publicSecret', t('payment.fields.publicSecret'))}
          {text('wechat', 'miniAppId', t('payment.fields.miniAppId'))}
          {secret('wechat', 'miniSecret', t('payment.fields.miniSecret'))}
        </>
      ), certificate(view.wechat?.certificate ?? null))}
      {card('alipay', () => (
        <>
          {secret('alipay', 'privateKey', t('payment.fields.privateKey'))}
          {text('alipay', 'publicKey', t('payment.fields.publicKey'), true)}
          {text('alipay', 'lifeAppId', t('payment.fields.lifeAppId'))}
          {text('alipay', 'miniAppId', t('payment.fields.alipayMiniAppId'))}
        </>
      ))}
      {card('aggregate', () => (
        <>
          {text('aggregate', 'appId', t('payment.fields.appId'))}
          {secret('aggregate', 'activationCode', t('payment.fields.activationCode'))}
          {secret('aggregate', 'vendorKey', t('payment.fields.vendorKey'))}
          {text('aggregate', 'vendorSn', t('payment.fields.vendorSn'))}
          <Checkbox checked={values.aggregate!.wallet === true} onChange={(_, d) => set('aggregate', 'wallet', d.checked === true)} label={t('payment.fields.wallet')} data-testid="payment-aggregate-wallet" />
        </>
      ))}
      {card('wallet', () => text('wallet', 'merchantNumber', t('payment.fields.merchantNumber')))}
      {errors['wallet.merchantNumber'] && !values.wallet && <Text role="alert">{errors['wallet.merchantNumber']}</Text>}
      {card('direct', () => (
        <>
          {text('direct', 'merchantNumber', t('payment.fields.merchantNumber'))}
          {secret('direct', 'apiV3Key', t('payment.fields.apiV3Key'))}
          {secret('direct', 'certificate', t('payment.fields.certificateFile'))}
        </>
      ), certificate(view.direct?.certificate ?? null))}
      <div>
        <ActionButton appearance="primary" action={submit} data-testid="payment-save">{t('payment.save')}</ActionButton>
      </div>
    </div>
  );
}

/** A write-only secret: "set ····1234 (when)" with Replace, or a box to type it (or to choose the p12 file). */
function Secret({ label, stored, value, onChange, error, file, testId }: {
  label: string; stored: SecretView | undefined; value: string; onChange: (value: string) => void; error: string | undefined; file: boolean; testId: string;
}) {
  const { t, report } = useScreen();
  const styles = useStyles();
  const [replacing, setReplacing] = useState(!stored?.set);
  const [fileName, setFileName] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const info = useOp('app.info', undefined, { staleTime: Infinity });
  const native = useOpMutation('file.pickFile');
  // The desktop's own open dialog (main reads the file); the browser's file input otherwise, clicked within the gesture.
  const choose = async () => {
    if (info.data?.mode !== 'desktop') {
      picker.current?.click();
      return;
    }
    try {
      const { file: chosen } = await native.mutateAsync({ kind: 'certificate', label });
      if (!chosen) return;
      onChange(chosen.data);
      setFileName(chosen.name);
    } catch (e) {
      report(e);
    }
  };
  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    // Base64 of the file, as the upstream takes it (btoa needs a byte string).
    onChange(btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join('')));
    setFileName(chosen.name);
  };
  return (
    <Field label={label} validationMessage={error}>
      <div className={styles.secret}>
        {stored?.set && !replacing ? (
          <>
            <Text data-testid={`${testId}-masked`}>{t('payment.setAt', { last4: stored.last4 ?? '', time: stored.setAt ? formatDateTime(stored.setAt) : '' })}</Text>
            <Button size="small" onClick={() => setReplacing(true)} data-testid={`${testId}-replace`}>{t('payment.replace')}</Button>
          </>
        ) : file ? (
          <>
            <input ref={picker} className={styles.hidden} type="file" tabIndex={-1} aria-hidden accept=".p12,.pfx,application/x-pkcs12" onChange={(e) => void pick(e.target.files?.[0])} data-testid={testId} />
            <Button size="small" icon={<DocumentArrowUpRegular />} onClick={() => void choose()} data-testid={`${testId}-pick`}>{t('payment.pickFile')}</Button>
            {fileName && <Text size={200}>{t('payment.fileChosen', { name: fileName })}</Text>}
          </>
        ) : (
          <Input className={styles.input} type="password" autoComplete="off" value={value} placeholder={stored?.set ? t('payment.keep') : t('payment.notSet')} onChange={(_, d) => onChange(d.value)} data-testid={testId} />
        )}
      </div>
    </Field>
  );
}
