/**
 * /deviceList/prices/change?id= (hidden): one price change's progress, live
 * — its products with the new prices, when it applies, its devices by state
 * (delivered, applied, failed with the machine's reason, cancelled and by
 * which change) — and cancel where not applied (asks first).
 */
import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { formatTime } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import {
  PRICE_DEVICE_STATES,
  type PriceChangeDetail,
  type PriceDeviceItem,
  type PriceDeviceState,
} from '../../shared/price/index.js';
import { useDetail } from '../app/detail.js';
import { useOpMutation } from '../bridge.js';
import {
  ChoiceFilter,
  ConfirmDialog,
  DataTable,
  DetailPage,
  InfoList,
  OverflowText,
  ResourceList,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { HistoryPanel } from '../oplog/index.js';
import { PRICES_PATH } from './paths.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '720px' },
});

type T = ReturnType<typeof useScreen>['t'];
const total = (c: PriceChangeDetail) => PRICE_DEVICE_STATES.reduce((n, s) => n + c.counts[s], 0);

export default function PriceChangePage() {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  const cancel = useOpMutation('price.cancel', { invalidates: ['price.info', 'price.devices', 'price.page'] });
  const { gate, data, back } = useDetail('price.info', {
    backTo: PRICES_PATH,
    backLabel: t('common.back'),
    testId: 'price-change-page',
    notFoundCode: CODE.priceChangeNotFound,
    invalidId: t('price.route.change'),
  });
  if (gate) return gate;
  const c = data;
  const open = c.counts.pending + c.counts.delivered;
  const ended = c.counts.applied + c.counts.failed + c.counts.cancelled;
  return (
    <DetailPage
      id="price-change-page"
      title={`${t('price.route.change')} #${c.id}`}
      back={back}
      wide
      titleTestId="price-change-title"
      actions={
        open > 0 && (
          <Button disabled={cancel.isPending} onClick={() => setAsking(true)} data-testid="price-cancel">
            {t('price.cancel')}
          </Button>
        )
      }
    >
      <div className={styles.body}>
        <InfoList items={facts(c, t)} />
        <section className={styles.progress} aria-label={t('price.counts')}>
          <Text weight="semibold" data-testid="price-change-counts">
            {PRICE_DEVICE_STATES.filter((s) => c.counts[s] > 0)
              .map((s) => `${t(`price.states.${s}`)} ${c.counts[s]}`)
              .join(' · ')}
          </Text>
          <ProgressBar value={total(c) ? ended / total(c) : 0} aria-label={t('price.counts')} />
        </section>
        <Lines change={c} />
        <Devices id={c.id} />
        <HistoryPanel filter={{ entity: 'priceChange', targetId: c.id }} testId="price-change-history" />
      </div>
      <ConfirmDialog
        open={asking}
        danger
        title={t('price.cancel')}
        text={t('price.confirmCancel')}
        confirmLabel={t('price.cancel')}
        // Not "Cancel" beside "Cancel rollout": the way out says what it does.
        cancelLabel={t('common.back')}
        onConfirm={async () => {
          try {
            await cancel.mutateAsync({ params: { id: c.id }, body: {} });
            notify(t('price.cancelled'));
          } catch (error) {
            report(error);
          }
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    </DetailPage>
  );
}

function facts(c: PriceChangeDetail, t: T) {
  return [
    { label: t('common.tenant'), value: c.tenantName },
    {
      label: t('price.timing'),
      value:
        c.timing === 'at' && c.applyAt
          ? `${t('price.timings.at')} ${formatTime(c.applyAt)}`
          : t(`price.timings.${c.timing}`),
      testId: 'price-change-timing',
    },
    { label: t('price.devices'), value: String(total(c)) },
    { label: t('price.states.applied'), value: String(c.counts.applied), testId: 'price-change-applied' },
    { label: t('price.createdBy'), value: c.createdBy ?? '—' },
    { label: t('price.createdAt'), value: formatTime(c.createdAt) },
    ...(c.replaces.length
      ? [
          {
            label: t('price.replaced', { ids: c.replaces.map((id) => `#${id}`).join(t('common.listSeparator')) }),
            value: '',
          },
        ]
      : []),
  ];
}

function Lines({ change }: { change: PriceChangeDetail }) {
  const { t } = useScreen();
  type Line = PriceChangeDetail['lines'][number];
  const columns = useMemo<Column<Line>[]>(
    () => [
      {
        id: 'name',
        header: t('price.product'),
        minWidth: 140,
        grow: 1,
        hideable: false,
        render: (l) => <OverflowText text={l.name} />,
      },
      { id: 'price', header: t('price.newPrice'), kind: 'money', value: (l) => l.price },
      { id: 'staff', header: t('price.newStaffPrice'), kind: 'money', value: (l) => l.customerStaffPrice },
    ],
    [t],
  );
  return (
    <DataTable
      label={t('price.lines')}
      columns={columns}
      rows={change.lines}
      view={change.lines.length ? 'rows' : 'empty'}
      rowKey={(l) => l.productId}
      rowTestId="price-change-line"
      testId="price-change-lines"
    />
  );
}

const NO_FILTER: { state?: PriceDeviceState | undefined } = {};

function Devices({ id }: { id: number }) {
  const { t } = useScreen();
  const devices = useResource('price.devices', {
    ns: 'price',
    testId: 'price-device',
    empty: NO_FILTER,
    params: { id },
    pageSize: 50,
  });
  const { column, source, labels } = devices;
  const columns = useMemo<Column<PriceDeviceItem>[]>(
    () => [
      column('name', {
        header: t('price.device'),
        minWidth: 140,
        width: 220,
        grow: 1,
        hideable: false,
        render: (d) => <OverflowText text={deviceLabel(d)} />,
      }),
      column('state', { minWidth: 80, testId: true, value: (d) => labels('states')(d.state) }),
      column('reason', {
        minWidth: 100,
        width: 160,
        fold: 1,
        render: (d) => (
          <OverflowText
            text={
              d.state === 'cancelled' && d.reason?.startsWith('#')
                ? t('price.replacedBy', { id: d.reason })
                : (d.reason ?? '')
            }
          />
        ),
      }),
      column('version', { kind: 'number', minWidth: 70, fold: 3, value: (d) => d.version ?? '' }),
      column('deliveredAt', { kind: 'time', fold: 2, value: (d) => d.deliveredAt ?? '' }),
      column('endedAt', { kind: 'time', value: (d) => d.endedAt ?? '' }),
    ],
    [t, column, labels],
  );
  return (
    <ResourceList
      resource={devices}
      nested
      title={t('price.devices')}
      columns={columns}
      rowKey={(d) => d.deviceId}
      filters={<ChoiceFilter {...source('state')} options={PRICE_DEVICE_STATES} optionLabel={labels('states')} />}
    />
  );
}
