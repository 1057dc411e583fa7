/**
 * A tenant's payment settings as a form (spec §3; the distributor list's
 * "Payment settings" and /person's payment account): one card per provider,
 * set up on demand. Secrets are write-only: a set one shows its last four
 * characters and when it was set, with "Replace" to type a new one; an
 * empty secret is left out of the save, which keeps it. The p12 is chosen in
 * the desktop's open dialog (main reads it) or the browser's file input and
 * sent as base64 (the upstream opens it with the merchant id). A save is
 * checked here first by the upstream's own rules (its schema and
 * `missingFields`), so every missing field shows at once; the upstream's
 * refusals land at their fields, a certificate or key it cannot open (1408,
 * 1409) at the field that carried it. Unsaved input is reported
 * (`onDirtyChange`, and the language switch's registry), so a dialog around
 * the form asks before throwing it away.
 */
import { formatDay } from '../../shared/format.js';
import {
  Button,
  Card,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { CODE } from '../../shared/domains.js';
import {
  missingFields,
  paymentInput,
  REQUIRED_SECRETS,
  SECRETS,
  type PaymentInput,
  type PaymentView,
  type SecretSection,
  type SecretView,
} from '../../shared/payment/index.js';
import { useDirtyForm } from '../app/dirty.js';
import { codeMessage, refusedWith } from '../app/errors.js';
import { fieldMessages } from '../app/form.js';
import { formatDateTime } from '../app/format.js';
import { HistoryPanel } from '../oplog/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { ActionButton, forTenant, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
    gap: tokens.spacingHorizontalM,
    // A field keeps its own height: a key's text area beside an input does not stretch the input.
    alignItems: 'start',
  },
  // A key's text (PEM) takes the card's whole width.
  wide: { gridColumn: '1 / -1' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  secret: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    flexWrap: 'wrap',
  },
  input: { flexGrow: 1, minWidth: 0 },
  // The browser's own file button speaks the browser's language: a Fluent button opens it instead.
  hidden: { position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none' },
  // The save stays in sight at the bottom of whatever scrolls the form (a dialog's body at 400 px was five screens long).
  actions: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
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
    wechat: view.wechat && {
      type: view.wechat.type,
      merchantId: view.wechat.merchantId,
      subMerchantId: view.wechat.subMerchantId ?? '',
      publicAppId: view.wechat.publicAppId,
      miniAppId: view.wechat.miniAppId,
      apiVersion: view.wechat.apiVersion,
      platformKeyId: view.wechat.platformKeyId ?? '',
      platformKey: view.wechat.platformKey ?? '',
    },
    alipay: view.alipay && {
      publicKey: view.alipay.publicKey,
      lifeAppId: view.alipay.lifeAppId,
      miniAppId: view.alipay.miniAppId,
    },
    aggregate: view.aggregate && {
      appId: view.aggregate.appId,
      vendorSn: view.aggregate.vendorSn,
      wallet: view.aggregate.wallet,
    },
    wallet: view.wallet && { merchantNumber: view.wallet.merchantNumber },
    direct: view.direct && { merchantNumber: view.direct.merchantNumber },
  };
}

/** The body of a save: the sections set up, their plain fields, and only the secrets typed. */
function bodyOf(values: Record<Sections, Values | null>, tenantId: number | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = forTenant(tenantId);
  for (const section of SECTIONS) {
    const v = values[section];
    if (!v) continue;
    body[section] = Object.fromEntries(
      Object.entries(v).filter(
        ([k, x]) => !(typeof x === 'string' && x.trim() === '' && (OPTIONAL.includes(k) || isSecret(section, k))),
      ),
    );
  }
  return body;
}
/** Plain fields a save leaves out when empty: each is asked only in some cases (a sub-merchant, API v3). */
const OPTIONAL: readonly string[] = ['subMerchantId', 'platformKeyId', 'platformKey'];
const isSecret = (section: Sections, field: string) =>
  section in SECRETS && (SECRETS[section as SecretSection] as readonly string[]).includes(field);
/** What the stored settings say of a secret. */
const storedSecret = (view: PaymentView, section: SecretSection, field: string): SecretView | undefined =>
  (view[section]?.secrets as Record<string, SecretView> | undefined)?.[field];
type Certificate = NonNullable<NonNullable<PaymentView['direct']>['certificate']>;

/** Where a refusal of what a save carried belongs: the certificate given (1408), the Alipay key given (1409). */
function refusedField(error: unknown, body: PaymentInput): { field: string; code: number } | null {
  if (refusedWith(error, CODE.certificateInvalid))
    return {
      field: body.wechat?.p12 !== undefined ? 'wechat.p12' : 'direct.certificate',
      code: CODE.certificateInvalid,
    };
  if (refusedWith(error, CODE.keyInvalid))
    return {
      field: body.alipay?.privateKey !== undefined ? 'alipay.privateKey' : 'alipay.publicKey',
      code: CODE.keyInvalid,
    };
  return null;
}

export function PaymentForm({
  tenantId,
  onDirtyChange,
  history: withHistory = false,
}: {
  tenantId?: number | undefined;
  onDirtyChange?: (dirty: boolean) => void;
  /** The settings' saves from the operation log beneath the form (a page's, not a dialog's). */
  history?: boolean;
}) {
  const { t, user } = useScreen();
  const settings = useOp('payment.settings', { body: forTenant(tenantId) }, { staleTime: 0 });
  // A second-level tenant's settings are named by it; one's own are saved without a tenant, in its own chain.
  const history = tenantId
    ? { op: 'payment.save', entity: 'tenant', targetId: tenantId }
    : { op: 'payment.save', ...(user.tenantId ? { tenantId: user.tenantId } : {}) };
  if (settings.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  if (!settings.data) return <Spinner />;
  return (
    <>
      <Loaded
        key={settings.data.updatedAt ?? 'new'}
        view={settings.data}
        tenantId={tenantId}
        onDirtyChange={onDirtyChange}
      />
      {withHistory && <HistoryPanel filter={history} testId="payment-history" />}
    </>
  );
}

function Loaded({
  view,
  tenantId,
  onDirtyChange,
}: {
  view: PaymentView;
  tenantId: number | undefined;
  onDirtyChange: ((dirty: boolean) => void) | undefined;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('payment.save', { invalidates: ['payment.settings'] });
  const [start] = useState(() => initial(view));
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A save re-keys this form from the saved settings: clean again.
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(start), [values, start]);
  useDirtyForm(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const set = (section: Sections, field: string, value: string | boolean) => {
    setValues((all) => ({ ...all, [section]: { ...all[section], [field]: value } }));
    // A field's error goes once it is changed; the next save checks again.
    setErrors((all) => {
      const { [`${section}.${field}`]: _gone, ...rest } = all;
      return rest;
    });
  };
  const setUp = (section: Sections) =>
    setValues((all) => ({
      ...all,
      [section]:
        section === 'wechat'
          ? {
              type: 'regular',
              merchantId: '',
              subMerchantId: '',
              publicAppId: '',
              miniAppId: '',
              apiVersion: 'v2',
              platformKeyId: '',
              platformKey: '',
            }
          : section === 'aggregate'
            ? { appId: '', vendorSn: '', wallet: false }
            : Object.fromEntries(PLAIN[section].map((f) => [f, ''])),
    }));

  const submit = async () => {
    const body = bodyOf(values, tenantId);
    const checked = paymentInput.safeParse(body);
    // Everything the save lacks at once: the schema's issues and the required secrets not yet set.
    const missing = missingFields(body as PaymentInput, {
      secret: (section, field) => storedSecret(view, section, field)?.set === true,
      wallet: view.wallet !== null,
    });
    const issues: Record<string, string> = {
      ...Object.fromEntries(Object.entries(missing).map(([k, key]) => [k, t(key as 'validation.invalid')])),
      ...(checked.success
        ? {}
        : Object.fromEntries(
            checked.error.issues.map((i) => [i.path.join('.'), t(i.message as 'validation.invalid')]),
          )),
    };
    setErrors(issues);
    if (!checked.success || Object.keys(issues).length > 0) return;
    try {
      await save.mutateAsync({ body: checked.data });
      notify(t('payment.saved'));
    } catch (error) {
      const refused = refusedField(error, checked.data);
      if (refused) setErrors({ [refused.field]: codeMessage(refused.code) });
      else
        report(error, { fallback: t('payment.saveFailed'), onFields: (fields) => setErrors(fieldMessages(fields, t)) });
    }
  };

  const text = (section: Sections, field: string, label: string, multiline = false) => {
    const v = values[section]!;
    const props = {
      value: String(v[field] ?? ''),
      onChange: (_: unknown, d: { value: string }) => set(section, field, d.value),
      'data-testid': `payment-${section}-${field}`,
    };
    return (
      <Field
        label={label}
        required
        validationMessage={errors[`${section}.${field}`]}
        className={multiline ? styles.wide : undefined}
      >
        {multiline ? <Textarea {...props} resize="vertical" /> : <Input {...props} />}
      </Field>
    );
  };
  /** One of a few values, as radios in a row. */
  const choice = (
    section: Sections,
    field: string,
    label: string,
    options: readonly (readonly [value: string, label: string])[],
    hint?: string,
  ) => (
    <Field label={label} hint={hint}>
      <RadioGroup
        layout="horizontal"
        value={String(values[section]![field])}
        onChange={(_, d) => set(section, field, d.value)}
        data-testid={`payment-${section}-${field}`}
      >
        {options.map(([value, text]) => (
          <Radio key={value} value={value} label={text} />
        ))}
      </RadioGroup>
    </Field>
  );
  const secret = (
    section: SecretSection,
    field: string,
    label: string,
    options: { file?: boolean; certificate?: Certificate | null | undefined } = {},
  ) => {
    const stored = storedSecret(view, section, field);
    return (
      <Secret
        key={`${section}.${field}`}
        label={label}
        stored={stored}
        certificate={options.certificate ?? null}
        // Required until it is set once (spec §5; the upstream's missingFields).
        required={(REQUIRED_SECRETS[section] as readonly string[]).includes(field) && stored?.set !== true}
        value={String(values[section]?.[field] ?? '')}
        onChange={(value) => set(section, field, value)}
        error={errors[`${section}.${field}`]}
        file={options.file === true}
        testId={`payment-${section}-${field}`}
      />
    );
  };
  const card = (section: Sections, body: () => ReactNode, extra?: ReactNode) => (
    <Card className={styles.card} data-testid={`payment-${section}`}>
      <div className={styles.head}>
        <Text weight="semibold">{t(`payment.sections.${section}`)}</Text>
        {!values[section] && (
          <Button size="small" onClick={() => setUp(section)} data-testid={`payment-${section}-setup`}>
            {t('payment.setUp')}
          </Button>
        )}
      </div>
      {values[section] && <div className={styles.grid}>{body()}</div>}
      {values[section] && extra}
    </Card>
  );
  // Whom a certificate names and until when shows at its field; an end within CERT_WARN_DAYS also under the card.
  const certificate = (c: Certificate | null) =>
    c?.soon && (
      <MessageBar intent="warning" data-testid="payment-certificate">
        <MessageBarBody>{t('payment.certificateSoon', { date: formatDay(c.notAfter) })}</MessageBarBody>
      </MessageBar>
    );

  return (
    <div className={styles.form}>
      <Text size={200}>{t('payment.intro')}</Text>
      {card(
        'wechat',
        () => (
          <>
            {choice('wechat', 'type', t('payment.fields.type'), [
              ['regular', t('payment.fields.types.regular')],
              ['subMerchant', t('payment.fields.types.subMerchant')],
            ])}
            {text('wechat', 'merchantId', t('payment.fields.merchantId'))}
            {values.wechat!.type === 'subMerchant' &&
              text('wechat', 'subMerchantId', t('payment.fields.subMerchantId'))}
            {choice(
              'wechat',
              'apiVersion',
              t('payment.fields.apiVersion'),
              [
                ['v2', t('payment.fields.apiVersions.v2')],
                ['v3', t('payment.fields.apiVersions.v3')],
              ],
              t('payment.fields.apiVersionHint'),
            )}
            {secret('wechat', 'merchantKey', t('payment.fields.merchantKey'))}
            {secret('wechat', 'p12', t('payment.fields.p12'), { file: true, certificate: view.wechat?.certificate })}
            {values.wechat!.apiVersion === 'v3' && text('wechat', 'platformKeyId', t('payment.fields.platformKeyId'))}
            {values.wechat!.apiVersion === 'v3' && text('wechat', 'platformKey', t('payment.fields.platformKey'), true)}
            {text('wechat', 'publicAppId', t('payment.fields.publicAppId'))}
            {secret('wechat', 'publicAesKey', t('payment.fields.publicAesKey'))}
            {secret('wechat', 'publicSecret', t('payment.fields.publicSecret'))}
            {text('wechat', 'miniAppId', t('payment.fields.miniAppId'))}
            {secret('wechat', 'miniSecret', t('payment.fields.miniSecret'))}
          </>
        ),
        certificate(view.wechat?.certificate ?? null),
      )}
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
          <Checkbox
            checked={values.aggregate!.wallet === true}
            onChange={(_, d) => set('aggregate', 'wallet', d.checked === true)}
            label={t('payment.fields.wallet')}
            data-testid="payment-aggregate-wallet"
          />
        </>
      ))}
      {card('wallet', () => text('wallet', 'merchantNumber', t('payment.fields.merchantNumber')))}
      {errors['wallet.merchantNumber'] && !values.wallet && <Text role="alert">{errors['wallet.merchantNumber']}</Text>}
      {card(
        'direct',
        () => (
          <>
            {text('direct', 'merchantNumber', t('payment.fields.merchantNumber'))}
            {secret('direct', 'apiV3Key', t('payment.fields.apiV3Key'))}
            {secret('direct', 'certificate', t('payment.fields.certificateFile'), {
              certificate: view.direct?.certificate,
            })}
          </>
        ),
        certificate(view.direct?.certificate ?? null),
      )}
      <div className={styles.actions}>
        <ActionButton appearance="primary" action={submit} data-testid="payment-save">
          {t('payment.save')}
        </ActionButton>
      </div>
    </div>
  );
}

/**
 * A write-only secret: "set ····1234 (when)" with Replace, or a box to type it
 * (or to choose the p12 file). A certificate says whom it names and until
 * when instead: the last four characters of a file's base64 mean nothing.
 */
function Secret({
  label,
  stored,
  certificate,
  required,
  value,
  onChange,
  error,
  file,
  testId,
}: {
  label: string;
  stored: SecretView | undefined;
  certificate: Certificate | null;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  file: boolean;
  testId: string;
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
    <Field label={label} required={required} validationMessage={error}>
      <div className={styles.secret}>
        {stored?.set && !replacing ? (
          <>
            <Text data-testid={`${testId}-masked`}>
              {certificate
                ? t('payment.certificateSet', {
                    subject: certificate.subject,
                    date: formatDay(certificate.notAfter),
                    time: stored.setAt ? formatDateTime(stored.setAt) : '',
                  })
                : t('payment.setAt', {
                    last4: stored.last4 ?? '',
                    time: stored.setAt ? formatDateTime(stored.setAt) : '',
                  })}
            </Text>
            <Button size="small" onClick={() => setReplacing(true)} data-testid={`${testId}-replace`}>
              {t('payment.replace')}
            </Button>
          </>
        ) : file ? (
          <>
            <input
              ref={picker}
              className={styles.hidden}
              type="file"
              tabIndex={-1}
              aria-hidden
              accept=".p12,.pfx,application/x-pkcs12"
              onChange={(e) => void pick(e.target.files?.[0])}
              data-testid={testId}
            />
            <Button
              size="small"
              icon={<DocumentArrowUpRegular />}
              onClick={() => void choose()}
              data-testid={`${testId}-pick`}
            >
              {t('payment.pickFile')}
            </Button>
            {fileName && <Text size={200}>{t('payment.fileChosen', { name: fileName })}</Text>}
          </>
        ) : (
          <Input
            className={styles.input}
            type="password"
            autoComplete="off"
            required={required}
            value={value}
            placeholder={stored?.set ? t('payment.keep') : t('payment.notSet')}
            onChange={(_, d) => onChange(d.value)}
            data-testid={testId}
          />
        )}
      </div>
    </Field>
  );
}
