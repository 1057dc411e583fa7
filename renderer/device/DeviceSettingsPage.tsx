/**
 * /deviceList/devSet?id= (spec §2 devSet, §5): a device's information and its
 * settings — name, sales-notice and stock-warning values (required; the
 * warning below a channel's capacity), single-channel sales limit 1–5,
 * single-order limit 1–10 — and the seven notification switches. A refused
 * save keeps what was typed.
 */
import { formatDay } from '../../shared/format.js';
import { Badge, Button, Card, Field, makeStyles, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import {
  DEVICE_LIMITS,
  deviceSettingsForm,
  NOTIFICATIONS,
  type DeviceDetail,
  type DeviceSettingsForm,
  type NotificationKind,
} from '../../shared/device/index.js';
import { useOpMutation } from '../bridge.js';
import { applyFieldErrors, zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { formatDateTime, formatRelative } from '../app/format.js';
import { FormInput } from '../app/FormInput.js';
import { useDetail } from '../app/detail.js';
import { DetailPage, InfoList, useGuardedAction, useFormGrid, useScreen } from '../kit/index.js';
import { ChannelGrid } from './ChannelGrid.js';
import { MachineCard } from './MachineCard.js';
import { ModulesCard } from './ModulesCard.js';
import { deviceCardReads } from './reads.js';
import { DEVICE_LIST_PATH } from './paths.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  switches: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: tokens.spacingVerticalS,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** The numbers as their inputs hold them (text); the shared schema reads them as whole numbers. */
type Values = Omit<DeviceSettingsForm, 'salesNotice' | 'warningValue' | 'channelSalesLimit' | 'orderLimit'> & {
  salesNotice: string;
  warningValue: string;
  channelSalesLimit: string;
  orderLimit: string;
};
const whole = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : undefined);
const schema = z.preprocess((v) => {
  const values = v as Values;
  return {
    ...values,
    salesNotice: whole(values.salesNotice),
    warningValue: whole(values.warningValue),
    channelSalesLimit: whole(values.channelSalesLimit),
    orderLimit: whole(values.orderLimit),
  };
}, deviceSettingsForm) as unknown as z.ZodType<Values, Values>;

export default function DeviceSettingsPage() {
  const { t } = useTranslation();
  const {
    gate,
    data: device,
    back,
  } = useDetail('device.info', {
    backTo: DEVICE_LIST_PATH,
    backLabel: t('device.settings.back'),
    testId: 'device-settings',
    notFoundCode: CODE.deviceNotFound,
    invalidId: t('device.settings.invalidId'),
    alongside: deviceCardReads,
  });
  if (gate) return gate;
  return (
    <DetailPage id="device-settings" title={t('device.settings.title', { name: device.name })} back={back}>
      <DeviceInfo device={device} />
      <SettingsForm key={device.id} device={device} />
      <MachineCard device={device} />
      <ModulesCard deviceId={device.id} />
      {device.channelCount > 0 && <ChannelGrid device={device} />}
    </DetailPage>
  );
}

function DeviceInfo({ device: d }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label={t('device.settings.info')}>
      <Text as="h2" weight="semibold" size={400}>
        {t('device.settings.info')}
      </Text>
      <InfoList
        items={[
          { label: t('device.serial'), value: d.serial, testId: 'device-info-serial' },
          { label: t('device.type'), value: t(`device.types.${d.type}`) },
          { label: t('device.model'), value: d.model },
          { label: t('common.tenant'), value: d.tenantName ?? t('device.pool.inPool') },
          { label: t('device.list.point'), value: d.pointName ?? '—' },
          {
            label: t('device.onlineState'),
            testId: 'device-info-online',
            value: (
              <span>
                <Badge appearance="filled" color={d.online ? 'success' : 'informative'}>
                  {t(d.online ? 'device.online' : 'device.offline')}
                </Badge>{' '}
                {d.lastSeenAt ? (
                  <span title={formatDateTime(d.lastSeenAt)}>{formatRelative(t, d.lastSeenAt)}</span>
                ) : (
                  t('device.list.never')
                )}
              </span>
            ),
          },
          { label: t('device.activation'), value: t(d.activated ? 'device.activated' : 'device.notActivated') },
          { label: t('device.list.lock'), value: t(d.locked ? 'device.list.locked' : 'device.list.unlocked') },
          { label: t('device.list.allocation'), value: t(`device.list.allocations.${d.allocation}`) },
          {
            label: t('device.list.serviceExpiry'),
            value: d.serviceExpiry ? formatDay(d.serviceExpiry) : '—',
          },
          { label: t('device.list.channels'), value: String(d.channelCount) },
          { label: t('device.settings.capacity'), value: String(d.capacity) },
          { label: t('device.settings.authorised'), value: t(d.authorised ? 'device.list.yes' : 'device.list.no') },
        ]}
      />
    </Card>
  );
}

function SettingsForm({ device }: { device: DeviceDetail }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const save = useOpMutation('device.settings', { invalidates: ['device.info', 'device.page'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t) as never,
    defaultValues: {
      name: device.name,
      salesNotice: String(device.salesNotice),
      warningValue: String(device.warningValue),
      channelSalesLimit: String(device.channelSalesLimit),
      orderLimit: String(device.orderLimit),
      notifications: { ...device.notifications },
    },
  });
  const submit = useGuardedAction(
    form.handleSubmit(async (values) => {
      // The resolver hands over the schema's output: the numbers read as numbers.
      const body = values as unknown as DeviceSettingsForm;
      try {
        await save.mutateAsync({ params: { id: device.id }, body });
        form.reset(form.getValues());
        notify(t('device.settings.saved'));
      } catch (error) {
        report(error, {
          fallback: t('device.settings.saveFailed'),
          onFields: (fields) => applyFieldErrors(fields, form.setError, t, { name: DEVICE_LIMITS.name }),
        });
      }
    }),
  );
  const busy = submit.busy || form.formState.isSubmitting;
  const number = (name: 'salesNotice' | 'warningValue' | 'channelSalesLimit' | 'orderLimit', hint?: string) => (
    <FormInput
      control={form.control}
      name={name}
      label={t(`device.settings.${name}`)}
      hint={hint}
      input={{ inputMode: 'numeric', 'data-testid': `device-settings-${name}` }}
    />
  );
  return (
    <Card className={styles.card} aria-label={t('device.settings.form')}>
      <form
        className={styles.card}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run(e);
        }}
      >
        <Text as="h2" weight="semibold" size={400}>
          {t('device.settings.form')}
        </Text>
        <div className={formGrid.size220}>
          <FormInput
            control={form.control}
            name="name"
            label={t('device.name')}
            input={{ maxLength: DEVICE_LIMITS.name, 'data-testid': 'device-settings-name' }}
          />
          {number('salesNotice', t('device.settings.salesNoticeHint'))}
          {number('warningValue', t('device.settings.warningValueHint', { capacity: device.capacity }))}
          {number('channelSalesLimit', `${DEVICE_LIMITS.channelSales[0]}–${DEVICE_LIMITS.channelSales[1]}`)}
          {number('orderLimit', `${DEVICE_LIMITS.orderItems[0]}–${DEVICE_LIMITS.orderItems[1]}`)}
        </div>
        <Field label={t('device.settings.notifications')}>
          <div className={styles.switches}>
            {NOTIFICATIONS.map((kind: NotificationKind) => (
              <Controller
                key={kind}
                control={form.control}
                name={`notifications.${kind}`}
                render={({ field }) => (
                  <Switch
                    ref={field.ref}
                    label={t(`device.settings.kinds.${kind}`)}
                    checked={field.value}
                    disabled={busy}
                    onChange={(_, d) => field.onChange(d.checked)}
                    data-testid={`device-settings-notify-${kind}`}
                  />
                )}
              />
            ))}
          </div>
        </Field>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={busy}
            icon={busy ? <Spinner size="extra-tiny" /> : undefined}
            data-testid="device-settings-save"
          >
            {t('device.settings.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
