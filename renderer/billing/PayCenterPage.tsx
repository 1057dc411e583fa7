/**
 * /payCenter (spec §2 payment centre): renew the device service by the
 * annual fee — devices, a plan in months, WeChat or Alipay, the service
 * agreement accepted — and pay by the provider's QR code (PayDialog). The
 * system admin sets the fee here instead (it collects the fee, it does not
 * pay it). The sandbox provider stands in, and the page says so.
 */
import {
  Card,
  Checkbox,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  feeInput,
  RENEWAL_PLANS,
  RENEWAL_PLATFORMS,
  renewalAmount,
  type RenewalItem,
  type RenewalPlan,
} from '../../shared/billing/index.js';
import { formatYuan, parseYuan, yuanInput } from '../../shared/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import { asCallError } from '../app/errors.js';
import { ActionButton, ConfirmDialog, ResourceList, TenantDropdown, useScreen } from '../kit/index.js';
import { feeDeviceRowData, FeeDeviceFilters, useFeeDeviceColumns, useFeeDevices } from './feeDevices.js';
import { BILL_PATH, chosenDevices } from './paths.js';
import { PayDialog } from './PayDialog.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  fee: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  feeAmount: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'flex-start',
  },
  pay: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  total: {
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorPaletteRedForeground1,
  },
});

export default function PayCenterPage() {
  const { t, user } = useScreen();
  const styles = useStyles();
  const fee = useOp('billing.fee', {});
  const annualFee = fee.data?.annualFee;
  return (
    <section className={styles.page} aria-labelledby="pay-center-title">
      <Title3 as="h1" id="pay-center-title">
        {t('route.payCenter')}
      </Title3>
      {fee.data?.simulated && (
        <MessageBar intent="warning" layout="multiline" data-testid="billing-simulated">
          <MessageBarBody>{t('billing.simulated')}</MessageBarBody>
        </MessageBar>
      )}
      <Card>
        <div className={styles.fee}>
          <div>
            <Text block>{t('billing.fee.title')}</Text>
            <Text className={styles.feeAmount} data-testid="billing-fee">
              {annualFee === undefined ? '—' : t('billing.fee.perDevice', { amount: formatYuan(annualFee) })}
            </Text>
          </div>
          {user.roleKind === 'admin' && annualFee !== undefined && <FeeForm fee={annualFee} />}
        </div>
        {user.roleKind === 'admin' && fee.data && <PayeeForm payee={fee.data.payee?.tenantId} />}
      </Card>
      {user.roleKind === 'tenant' && annualFee !== undefined && <RenewForm annualFee={annualFee} />}
    </section>
  );
}

/** Whose payment settings collect the fee at the real platforms (the admin's): a distributor, or none. */
function PayeeForm({ payee }: { payee: number | undefined }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [chosen, setChosen] = useState(payee);
  const save = useOpMutation('billing.setPayee', { invalidates: ['billing.fee'] });
  const submit = async () => {
    try {
      await save.mutateAsync({ body: { tenantId: chosen ?? null } });
      notify(t('billing.payee.saved'));
    } catch (e) {
      report(e);
    }
  };
  return (
    <div className={styles.fee}>
      <Field label={t('billing.payee.label')} hint={t('billing.payee.hint')}>
        <TenantDropdown
          value={chosen}
          onChange={setChosen}
          placeholder={t('billing.payee.none')}
          clearLabel={t('billing.payee.none')}
          testId="billing-payee"
        />
      </Field>
      <ActionButton action={submit} disabled={chosen === payee} data-testid="billing-payee-save">
        {t('billing.payee.set')}
      </ActionButton>
    </div>
  );
}

/** The admin's annual fee, in yuan. */
function FeeForm({ fee }: { fee: number }) {
  const { t, notify, report } = useScreen();
  const [text, setText] = useState(() => yuanInput(fee));
  const [error, setError] = useState<string>();
  const save = useOpMutation('billing.setFee', { invalidates: ['billing.fee'] });
  const submit = async () => {
    const fen = parseYuan(text);
    if (fen === null || !feeInput.safeParse({ annualFee: fen }).success) {
      setError(t('billing.validation.fee'));
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ body: { annualFee: fen } });
      notify(t('billing.fee.saved'));
    } catch (e) {
      report(e);
    }
  };
  return (
    <>
      <Field label={t('billing.fee.label')} validationMessage={error} hint={t('billing.fee.note')}>
        <Input value={text} inputMode="decimal" onChange={(_, d) => setText(d.value)} data-testid="billing-fee-input" />
      </Field>
      <ActionButton appearance="primary" action={submit} data-testid="billing-fee-save">
        {t('billing.fee.set')}
      </ActionButton>
    </>
  );
}

function RenewForm({ annualFee }: { annualFee: number }) {
  const { t, report, navigate } = useScreen();
  const styles = useStyles();
  const [params] = useSearchParams();
  const devices = useFeeDevices('renew-devices', 50);
  const columns = useFeeDeviceColumns(devices);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(chosenDevices(params.get('devices'))));
  const [months, setMonths] = useState<RenewalPlan>(12);
  const [platform, setPlatform] = useState<(typeof RENEWAL_PLATFORMS)[number]>('wechat');
  const [agreed, setAgreed] = useState(false);
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<{ devices?: string; agreed?: string }>({});
  const [paying, setPaying] = useState<RenewalItem | null>(null);
  const renew = useOpMutation('billing.renew', { invalidates: ['billing.bills'] });
  const count = selected.size;

  const pay = async () => {
    const local = {
      ...(count ? {} : { devices: t('billing.renew.none') }),
      ...(agreed ? {} : { agreed: t('billing.validation.agreement') }),
    };
    setProblems(local);
    if (Object.keys(local).length) return;
    try {
      setPaying(await renew.mutateAsync({ body: { deviceIds: [...selected], months, platform, agreed: true } }));
    } catch (e) {
      const fields = asCallError(e).fields;
      if (fields?.agreed) setProblems({ agreed: t(fields.agreed as 'billing.validation.agreement') });
      else report(e);
    }
  };

  return (
    <>
      <ResourceList
        resource={devices}
        nested
        title={t('billing.renew.devices')}
        columns={columns}
        rowKey={(d) => d.id}
        filters={<FeeDeviceFilters devices={devices} />}
        aboveTable={
          problems.devices && (
            <MessageBar intent="error" data-testid="renew-no-devices">
              <MessageBarBody>{problems.devices}</MessageBarBody>
            </MessageBar>
          )
        }
        table={{
          rowData: feeDeviceRowData,
          selection: {
            selected,
            onChange: (next) => {
              setSelected(next);
              setProblems((p) => ({ ...p, devices: undefined }));
            },
            rowLabel: (d) => t('billing.renew.selectRow', { name: d.name }),
            allLabel: t('billing.renew.selectAll'),
          },
        }}
      />
      <div className={styles.form}>
        <Field label={t('billing.renew.plan')}>
          <RadioGroup
            layout="horizontal"
            value={String(months)}
            onChange={(_, d) => setMonths(Number(d.value) as RenewalPlan)}
            data-testid="renew-plan"
          >
            {RENEWAL_PLANS.map((m) => (
              <Radio
                key={m}
                value={String(m)}
                label={t('billing.renew.months', { count: m })}
                data-testid={`renew-plan-${m}`}
              />
            ))}
          </RadioGroup>
        </Field>
        <Field label={t('billing.renew.platform')}>
          <RadioGroup layout="horizontal" value={platform} onChange={(_, d) => setPlatform(d.value as typeof platform)}>
            {RENEWAL_PLATFORMS.map((p) => (
              <Radio key={p} value={p} label={t(`billing.renew.platforms.${p}`)} data-testid={`renew-platform-${p}`} />
            ))}
          </RadioGroup>
        </Field>
      </div>
      <Field validationMessage={problems.agreed} validationState={problems.agreed ? 'error' : 'none'}>
        <Checkbox
          checked={agreed}
          onChange={(_, d) => {
            setAgreed(d.checked === true);
            setProblems((p) => ({ ...p, agreed: undefined }));
          }}
          data-testid="renew-agree"
          label={
            <>
              {t('billing.renew.agree')}{' '}
              <Link
                as="button"
                inline
                onClick={(e) => {
                  e.preventDefault();
                  setReading(true);
                }}
                data-testid="renew-agreement"
              >
                {t('billing.renew.agreement')}
              </Link>
            </>
          }
        />
      </Field>
      <div className={styles.pay}>
        <Text data-testid="renew-selected">{t('billing.renew.selected', { count })}</Text>
        <Text>{t('billing.renew.total')}</Text>
        <Text className={styles.total} data-testid="renew-total">
          {formatYuan(renewalAmount(annualFee, months, count))}
        </Text>
        <ActionButton appearance="primary" action={pay} opensDialog data-testid="renew-pay">
          {t('billing.renew.pay')}
        </ActionButton>
        <Link as="button" onClick={() => void navigate(BILL_PATH)} data-testid="renew-invoice-hint">
          {t('billing.renew.invoiceHint')}
        </Link>
      </div>
      <ConfirmDialog
        open={reading}
        title={t('billing.renew.agreementTitle')}
        text={t('billing.renew.agreementText')}
        confirmLabel={t('billing.renew.accept')}
        onConfirm={() => {
          setReading(false);
          setAgreed(true);
        }}
        onCancel={() => setReading(false)}
      />
      {paying && (
        <PayDialog
          renewal={paying}
          onPaid={() => void devices.refresh()}
          onClose={() => {
            setPaying(null);
            setSelected(new Set());
            setAgreed(false);
            void devices.refresh();
          }}
        />
      )}
    </>
  );
}
