/**
 * The temperature excursions (`fresh.excursions`), those awaiting an
 * acknowledgement first: when the fridge left its range and came back, its
 * peak, the channels it locked, and who acknowledged it, with the note and
 * what was thrown away. An excursion back in range is acknowledged here too.
 */
import { useMemo, useState } from 'react';
import { EXCURSION_STATES, type ExcursionItem, type ExcursionState } from '../../shared/fresh/index.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { AcknowledgeDialog } from './AcknowledgeDialog.js';
import { celsiusText, channelsText, EXCURSION_COLOURS, rangeText } from './coldText.js';

interface Filter {
  state?: ExcursionState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

export function ExcursionsPanel() {
  const { t } = useScreen();
  const excursions = useResource('fresh.excursions', { ns: 'fresh.cold', testId: 'fresh-excursions', empty: EMPTY });
  const { column, source, labels, badge, tenantColumn, action } = excursions;
  const [acknowledging, setAcknowledging] = useState<ExcursionItem>();

  const columns = useMemo<Column<ExcursionItem>[]>(
    () => [
      column('device', {
        render: (e) => <OverflowText text={e.deviceName} />,
        minWidth: 140,
        width: 200,
        grow: 1,
        hideable: false,
      }),
      column('state', {
        minWidth: 110,
        width: 150,
        testId: true,
        render: badge('excursionStates', EXCURSION_COLOURS, (e) => e.state),
      }),
      column('startedAt', { kind: 'time', value: (e) => e.startedAt }),
      column('endedAt', { kind: 'time', value: (e) => e.endedAt }),
      column('peak', { value: (e) => celsiusText(t, e.peak), minWidth: 80, width: 90, testId: true }),
      column('range', { value: (e) => rangeText(t, e.range), minWidth: 150, width: 200, fold: 2 }),
      column('lockedChannels', { value: (e) => channelsText(t, e.lockedChannels), minWidth: 90, width: 140 }),
      column('acknowledgedBy', {
        render: (e) => <OverflowText text={e.acknowledgedBy ?? '—'} />,
        minWidth: 90,
        width: 120,
        testId: true,
      }),
      column('acknowledgedAt', { kind: 'time', value: (e) => e.acknowledgedAt, fold: 1 }),
      column('removedUnits', { kind: 'number', value: (e) => e.removedUnits, fold: 3 }),
      column('note', { render: (e) => <OverflowText text={e.note || '—'} />, minWidth: 100, width: 160, fold: 3 }),
      ...tenantColumn({ width: 140 }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 90,
        width: 100,
        render: (e) =>
          e.state === 'acknowledged' ? null : (
            <RowActions compact>
              <RowAction
                {...action('acknowledge')}
                opensDialog
                disabledReason={e.state === 'awaiting' ? undefined : t('fresh.cold.stillOut')}
                action={() => setAcknowledging(e)}
              />
            </RowActions>
          ),
      }),
    ],
    [t, column, badge, tenantColumn, action],
  );

  return (
    <ResourceList
      resource={excursions}
      untitled
      title={t('fresh.cold.tabs.excursions')}
      columns={columns}
      rowKey={(e) => e.id}
      emptyHint={t('fresh.cold.noExcursions')}
      filters={
        <>
          <ChoiceFilter {...source('state')} options={EXCURSION_STATES} optionLabel={labels('excursionStates')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {acknowledging && <AcknowledgeDialog excursion={acknowledging} onClose={() => setAcknowledging(undefined)} />}
    </ResourceList>
  );
}
