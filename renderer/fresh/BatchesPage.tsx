/**
 * /freshFood/batches (beyond spec §2; docs/domains/fresh.md): the batches in
 * the machines' channels, nearest expiry first — unknown expiry first of
 * all — with what is left of each and the markdown in force, by state,
 * product or lot and tenant, and
 * exported as the filter shows them.
 */
import { Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { BATCH_STATES, type BatchItem, type BatchState } from '../../shared/fresh/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import { RemoveBatchDialog } from './RemoveBatchDialog.js';
import {
  ChoiceFilter,
  ExportButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  filterBody,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';

interface Filter {
  keyword: string;
  state?: BatchState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

const COLOURS = {
  expired: 'danger',
  today: 'severe',
  soon: 'warning',
  fresh: 'success',
  undated: 'informative',
} as const;

export default function BatchesPage() {
  const { t } = useScreen();
  const batches = useResource('fresh.batches', { ns: 'fresh.batches', testId: 'fresh-batches', empty: EMPTY });
  const { column, source, labels, badge, tenantColumn, filter, action } = batches;
  const [removing, setRemoving] = useState<BatchItem>();

  const columns = useMemo<Column<BatchItem>[]>(
    () => [
      column('device', {
        render: (b) => <OverflowText text={b.pointName ? `${b.deviceName} · ${b.pointName}` : b.deviceName} />,
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
      }),
      column('channel', { kind: 'number', value: (b) => b.channel, minWidth: 56, width: 72 }),
      column('product', { render: (b) => <OverflowText text={b.productName} />, minWidth: 120, width: 180, grow: 1 }),
      column('lot', { value: (b) => b.lot ?? '—', minWidth: 80, width: 110, fold: 2 }),
      column('expiresOn', { value: (b) => b.expiresOn ?? '—', minWidth: 100, width: 116, testId: true }),
      column('daysLeft', {
        minWidth: 80,
        width: 96,
        value: (b) =>
          b.daysLeft === null
            ? '—'
            : b.daysLeft === 0
              ? t('fresh.batches.today')
              : b.daysLeft < 0
                ? t('fresh.batches.daysPast', { count: -b.daysLeft })
                : t('fresh.batches.days', { count: b.daysLeft }),
      }),
      column('state', { minWidth: 130, width: 130, testId: true, render: badge('states', COLOURS, (b) => b.state) }),
      // The markdown its tenant's ladder gives it now: what a sale of it is priced at.
      column('markdown', {
        minWidth: 100,
        width: 100,
        testId: true,
        value: (b) => (b.markdown ? t('fresh.batches.markdownOff', { n: b.markdown }) : '—'),
      }),
      column('remaining', {
        minWidth: 90,
        width: 110,
        testId: true,
        value: (b) => t('fresh.batches.remainingOf', { remaining: b.remaining, quantity: b.quantity }),
      }),
      column('refilledAt', { kind: 'time', value: (b) => b.refilledAt, fold: 1 }),
      column('refilledBy', {
        minWidth: 90,
        width: 120,
        fold: 3,
        render: (b) =>
          b.refilledBy === null ? (
            <Text italic>{t('fresh.batches.byMachine')}</Text>
          ) : (
            <OverflowText text={b.refilledBy} />
          ),
      }),
      ...tenantColumn({ width: 140 }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 90,
        width: 100,
        render: (b) => (
          <RowActions compact>
            <RowAction
              {...action('remove', t('fresh.waste.remove'))}
              danger
              opensDialog
              action={() => setRemoving(b)}
            />
          </RowActions>
        ),
      }),
    ],
    [t, column, badge, tenantColumn, action],
  );

  return (
    <ResourceList
      resource={batches}
      columns={columns}
      rowKey={(b) => b.id}
      intro={t('fresh.batches.intro')}
      actions={
        <ExportButton
          make={() => callOp('fresh.export', { query: { lang: currentLang() }, body: filterBody(filter) })}
          saved={(count) => t('fresh.batches.exported', { count })}
          testId="fresh-batches-export"
        >
          {t('fresh.batches.export')}
        </ExportButton>
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={40} />
          <ChoiceFilter {...source('state')} options={BATCH_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {removing && <RemoveBatchDialog batch={removing} onClose={() => setRemoving(undefined)} />}
    </ResourceList>
  );
}
