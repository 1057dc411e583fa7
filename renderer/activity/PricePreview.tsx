/**
 * The price preview beside an activity's form and on its page: what a
 * customer pays now for a product at a device, and why — each lane's
 * activity and what it took off — priced by the engine that prices sales
 * (`activity.preview`), with the form's unsaved activity in place of the one
 * it edits once it is valid. It asks again when the form pauses.
 */
import { Card, Field, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { activityInput } from '../../shared/activity/index.js';
import { formatYuan } from '../../shared/format.js';
import { asCallError, codeMessage } from '../app/errors.js';
import { useOp } from '../bridge.js';
import { useScreen, useSettled } from '../kit/index.js';
import { toInput, type ActivityValues } from './form.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', '& > *': { flex: '1 1 120px' } },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, overflowWrap: 'anywhere' },
  hint: { color: tokens.colorNeutralForeground3 },
  total: { fontWeight: tokens.fontWeightSemibold },
  struck: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
});

export interface PricePreviewProps {
  tenantId: number | undefined;
  ready: boolean;
  devices: readonly { id: number; name: string }[];
  products: readonly { id: number; name: string }[];
  /** The form's values (absent on an activity's page: the stored activities alone). */
  values?: ActivityValues | undefined;
  /** The activity the form edits: the draft replaces it. */
  activityId?: number | undefined;
}

export function PricePreview({ ready, devices, products, values, activityId }: PricePreviewProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const settled = useSettled(values, 400);
  const checked = settled ? activityInput.safeParse(toInput(settled)) : undefined;
  // On a form: its own devices and products (a device of a scene may be tried from any of the tenant's).
  const deviceChoices =
    settled && settled.target === 'devices' ? devices.filter((d) => settled.deviceIds.includes(d.id)) : devices;
  const productChoices = settled
    ? products.filter((p) => settled.products.some((x) => x.productId === p.id))
    : products;
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [productId, setProductId] = useState<number | undefined>();
  const [count, setCount] = useState('1');
  const device = deviceId ?? deviceChoices[0]?.id;
  const product = productId ?? productChoices[0]?.id;
  const units = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= 10 ? Number(count) : 1;
  const preview = useOp(
    'activity.preview',
    {
      body: {
        deviceId: device ?? 0,
        items: [{ productId: product ?? 0, count: units }],
        ...(checked?.success ? { draft: checked.data } : {}),
        ...(activityId === undefined ? {} : { activityId }),
      },
    },
    {
      enabled: ready && device !== undefined && product !== undefined,
      placeholderData: keepPreviousData,
      staleTime: 0,
      retry: false,
    },
  );
  const answer = preview.data;
  return (
    <Card className={styles.card} data-testid="activity-preview">
      <Text weight="semibold">{t('activity.preview.title')}</Text>
      <Text className={styles.hint}>{t('activity.preview.hint')}</Text>
      <div className={styles.pair}>
        <Field label={t('activity.preview.device')}>
          <Select
            value={device === undefined ? '' : String(device)}
            onChange={(_, d) => setDeviceId(Number(d.value))}
            data-testid="activity-preview-device"
          >
            {deviceChoices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('activity.preview.product')}>
          <Select
            value={product === undefined ? '' : String(product)}
            onChange={(_, d) => setProductId(Number(d.value))}
            data-testid="activity-preview-product"
          >
            {productChoices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('activity.preview.count')}>
          <Input
            type="number"
            min={1}
            max={10}
            value={count}
            onChange={(_, d) => setCount(d.value)}
            data-testid="activity-preview-count"
          />
        </Field>
      </div>
      {deviceChoices.length === 0 || productChoices.length === 0 ? (
        <Text className={styles.hint} data-testid="activity-preview-choose">
          {t('activity.preview.choose')}
        </Text>
      ) : preview.isError ? (
        <Text data-testid="activity-preview-error">{codeMessage(asCallError(preview.error).code)}</Text>
      ) : !answer ? (
        preview.isFetching && <Spinner size="tiny" />
      ) : (
        <>
          {answer.lines.map((l, i) => (
            <div key={i} className={styles.line}>
              <Text>
                {l.name} × {l.count}
              </Text>
              <Text>
                {l.amount < l.listPrice * l.count && (
                  <span className={styles.struck}>{formatYuan(l.listPrice * l.count)} </span>
                )}
                {formatYuan(l.amount)}
              </Text>
            </div>
          ))}
          {answer.applied.length === 0 && !answer.staffPriced ? (
            <Text className={styles.hint} data-testid="activity-preview-none">
              {t('activity.preview.noDiscount')}
            </Text>
          ) : (
            answer.applied.map((a) => (
              <Text key={`${a.activityId}-${a.lane}`} data-testid="activity-preview-applied">
                {t('activity.preview.applied', {
                  lane: t(`activity.lanes.${a.lane}`),
                  name: a.name,
                  amount: formatYuan(a.discount),
                })}
                {a.draft ? t('activity.preview.draft') : ''}
              </Text>
            ))
          )}
          <div className={styles.line}>
            <Text>{t('activity.preview.total')}</Text>
            <Text className={styles.total} data-testid="activity-preview-total">
              {formatYuan(answer.total)}
            </Text>
          </div>
        </>
      )}
    </Card>
  );
}
