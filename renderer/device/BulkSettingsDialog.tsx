/**
 * Settings of a selection of devices at once (spec §2 deviceList bulk
 * actions; §5 limits): blank numbers and "unchanged" switches keep each
 * device's own value; the rest is set on all of them, or on none.
 */
import { Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import {
  DEVICE_LIMITS,
  deviceSettingsPatch,
  NOTIFICATIONS,
  type DeviceSettingsPatch,
  type NotificationKind,
} from '../../shared/device/index.js';
import { useOpMutation } from '../bridge.js';
import { fieldsUnder, issueMessage } from '../app/form.js';
import { FormDialog, useGuardedAction, useFormGrid, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  dropdown: { minWidth: 0, width: '100%' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const NUMBERS = ['salesNotice', 'warningValue', 'channelSalesLimit', 'orderLimit'] as const;
type NumberKey = (typeof NUMBERS)[number];
type Toggle = 'unchanged' | 'on' | 'off';

export function BulkSettingsDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: readonly number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const save = useOpMutation('device.settingsBulk', { invalidates: ['device.page', 'device.info'] });
  const [numbers, setNumbers] = useState<Record<NumberKey, string>>({
    salesNotice: '',
    warningValue: '',
    channelSalesLimit: '',
    orderLimit: '',
  });
  const [toggles, setToggles] = useState<Record<NotificationKind, Toggle>>(
    Object.fromEntries(NOTIFICATIONS.map((k) => [k, 'unchanged'])) as Record<NotificationKind, Toggle>,
  );
  const [errors, setErrors] = useState<Partial<Record<NumberKey, string>>>({});
  const limits: Record<NumberKey, { min: number; max: number }> = {
    salesNotice: { min: 0, max: DEVICE_LIMITS.notice },
    warningValue: { min: 0, max: DEVICE_LIMITS.notice },
    channelSalesLimit: { min: DEVICE_LIMITS.channelSales[0], max: DEVICE_LIMITS.channelSales[1] },
    orderLimit: { min: DEVICE_LIMITS.orderItems[0], max: DEVICE_LIMITS.orderItems[1] },
  };

  const submit = useGuardedAction(async () => {
    const notifications = Object.fromEntries(
      Object.entries(toggles)
        .filter(([, v]) => v !== 'unchanged')
        .map(([k, v]) => [k, v === 'on']),
    );
    const raw = {
      ...Object.fromEntries(NUMBERS.filter((k) => numbers[k].trim() !== '').map((k) => [k, Number(numbers[k].trim())])),
      ...(Object.keys(notifications).length ? { notifications } : {}),
    };
    // The upstream's schema, read here for comfort.
    const parsed = deviceSettingsPatch.safeParse(raw);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => {
            const { key, params } = issueMessage(i);
            return [String(i.path[0]), t(key as 'validation.invalid', params)];
          }),
        ),
      );
      return;
    }
    try {
      const { changed } = await save.mutateAsync({
        body: { ids: [...ids], patch: parsed.data as DeviceSettingsPatch },
      });
      notify(t('device.settings.bulkSaved', { count: changed }));
      onDone();
      onClose();
    } catch (error) {
      report(error, {
        fallback: t('device.settings.saveFailed'),
        onFields: (fields) =>
          setErrors(
            Object.fromEntries(
              Object.entries(fieldsUnder(fields, 'patch')).map(([k, v]) => [
                k,
                t(v as 'validation.invalid', limits[k as NumberKey] ?? {}),
              ]),
            ),
          ),
      });
    }
  });

  const dirty = NUMBERS.some((k) => numbers[k] !== '') || Object.values(toggles).some((v) => v !== 'unchanged');
  return (
    <FormDialog
      title={t('device.settings.bulkTitle', { count: ids.length })}
      busy={submit.busy}
      dirty={dirty}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      testId="device-bulk-settings"
    >
      <Text className={styles.hint}>{t('device.settings.bulkHint')}</Text>
      <div className={formGrid.size180}>
        {NUMBERS.map((k) => (
          <Field key={k} label={t(`device.settings.${k}`)} validationMessage={errors[k]}>
            <Input
              value={numbers[k]}
              inputMode="numeric"
              placeholder={t('device.settings.unchanged')}
              onChange={(_, d) => {
                setNumbers((n) => ({ ...n, [k]: d.value }));
                setErrors((e) => ({ ...e, [k]: undefined }));
              }}
              data-testid={`device-bulk-${k}`}
            />
          </Field>
        ))}
      </div>
      <Text weight="semibold">{t('device.settings.notifications')}</Text>
      <div className={formGrid.size180}>
        {NOTIFICATIONS.map((k) => (
          <Field key={k} label={t(`device.settings.kinds.${k}`)}>
            <Dropdown
              className={styles.dropdown}
              value={t(`device.settings.${toggles[k]}`)}
              selectedOptions={[toggles[k]]}
              onOptionSelect={(_, d) => setToggles((x) => ({ ...x, [k]: d.optionValue as Toggle }))}
              data-testid={`device-bulk-switch-${k}`}
            >
              {(['unchanged', 'on', 'off'] as const).map((v) => (
                <Option key={v} value={v}>
                  {t(`device.settings.${v}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}
