/**
 * /freshFood/quarantine (beyond spec §2; docs/domains/fresh.md#quarantine):
 * what machines reported that cannot be so — a fridge's temperature moving
 * 20 °C within a minute, a count raising fresh food nobody refilled — held, those still held first; each approved (it
 * counts as if it had come then) or rejected, after asking.
 */
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { QUARANTINE_STATES, type QuarantineItem, type QuarantineState } from '../../shared/fresh/index.js';
import { formatTime } from '../../shared/format.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  TenantFilter,
  useResource,
  ExportButton,
  filterBody,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import { celsiusText } from './coldText.js';

interface Filter {
  state?: QuarantineState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { state: 'held' };
const COLOURS = { held: 'warning', approved: 'success', rejected: 'informative' } as const;

const COMMANDS: RowCommands<'approve' | 'reject', QuarantineItem> = {
  ns: 'fresh.quarantine',
  invalidates: ['fresh.quarantine', 'fresh.fridges', 'fresh.fridgeDay', 'fresh.excursions'],
  commands: {
    approve: rowCommand('fresh.decideQuarantine', {
      input: (h) => ({ params: { id: h.id }, body: { approve: true } }),
      done: 'approved',
      ask: true,
      danger: false,
    }),
    reject: rowCommand('fresh.decideQuarantine', {
      input: (h) => ({ params: { id: h.id }, body: { approve: false } }),
      done: 'rejected',
      ask: true,
    }),
  },
};

/** What was held, in words: the reading and the one before it, or the count against what the batches hold. */
const whatOf = (t: TFunction, h: QuarantineItem) =>
  'saleId' in h.detail
    ? t('fresh.quarantine.sale', {
        sale: h.detail.saleId,
        channels: h.detail.channels.join(t('common.listSeparator')),
      })
    : 'channel' in h.detail
      ? t('fresh.quarantine.rise', {
          channel: h.detail.channel,
          product: h.detail.productName,
          from: h.detail.from,
          to: h.detail.to,
        })
      : t('fresh.quarantine.jump', {
          celsius: celsiusText(t, h.detail.celsius),
          at: formatTime(h.detail.at),
          previous: celsiusText(t, h.detail.previousCelsius),
          previousAt: formatTime(h.detail.previousAt).slice(11),
        });

export default function QuarantinePage() {
  const { t } = useScreen();
  const held = useResource('fresh.quarantine', { ns: 'fresh.quarantine', testId: 'fresh-quarantine', empty: EMPTY });
  const { column, source, labels, badge, tenantColumn, action, filter } = held;
  const what = (h: QuarantineItem) => whatOf(t, h);
  const { run, dialog } = useRowCommands(COMMANDS, {
    name: (h) => h.deviceName,
    values: (h) => ({ what: what(h), effect: t(`fresh.quarantine.effects.${h.kind}`) }),
  });
  const columns = useMemo<Column<QuarantineItem>[]>(
    () => [
      column('device', {
        render: (h) => <OverflowText text={h.deviceName} />,
        minWidth: 140,
        width: 200,
        hideable: false,
      }),
      column('kind', { value: (h) => t(`fresh.quarantine.kinds.${h.kind}`), minWidth: 100, width: 130 }),
      column('what', {
        render: (h) => <OverflowText text={what(h)} />,
        minWidth: 200,
        width: 320,
        grow: 2,
        testId: true,
      }),
      column('state', { minWidth: 90, width: 110, testId: true, render: badge('states', COLOURS, (h) => h.state) }),
      column('reportedAt', { kind: 'time', value: (h) => h.reportedAt, fold: 2 }),
      column('decidedBy', { render: (h) => <OverflowText text={h.decidedBy ?? '—'} />, minWidth: 90, width: 120 }),
      column('decidedAt', { kind: 'time', value: (h) => h.decidedAt, fold: 1 }),
      ...tenantColumn({ width: 140 }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 140,
        width: 160,
        render: (h) =>
          h.state !== 'held' ? null : (
            <RowActions compact>
              <RowAction {...action('approve')} opensDialog action={() => void run('approve', h)} />
              <RowAction {...action('reject')} danger opensDialog action={() => void run('reject', h)} />
            </RowActions>
          ),
      }),
    ],
    [t, column, badge, tenantColumn, action, run],
  );
  return (
    <ResourceList
      resource={held}
      columns={columns}
      rowKey={(h) => h.id}
      intro={t('fresh.quarantine.intro')}
      actions={
        <ExportButton
          make={() => callOp('fresh.quarantineExport', { query: { lang: currentLang() }, body: filterBody(filter) })}
          saved={(count) => t('fresh.quarantine.exported', { count })}
          testId="fresh-quarantine-export"
        >
          {t('fresh.quarantine.export')}
        </ExportButton>
      }
      emptyHint={t('fresh.quarantine.emptyHint')}
      filters={
        <>
          <ChoiceFilter {...source('state')} options={QUARANTINE_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {dialog}
    </ResourceList>
  );
}
