/**
 * The temperature board's fridges (`fresh.fridges`): those in an excursion
 * first, then awaiting an acknowledgement, then silent — the last reading,
 * the state, the range the goods need and the channels an excursion locked;
 * a fridge's day of readings as a chart, and the acknowledgement once it is
 * back in range. Read again every minute: readings come unasked.
 */
import { useMemo, useState } from 'react';
import { FRIDGE_FILTERS, type FridgeItem } from '../../shared/fresh/index.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { AcknowledgeDialog, type Acknowledgeable } from './AcknowledgeDialog.js';
import { celsiusText, channelsText, FRIDGE_COLOURS, rangeText } from './coldText.js';
import { FridgeDayDialog } from './FridgeDayDialog.js';

interface Filter {
  keyword: string;
  state?: (typeof FRIDGE_FILTERS)[number] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };
const MINUTE = 60_000;

export function FridgesPanel() {
  const { t } = useScreen();
  const fridges = useResource('fresh.fridges', {
    ns: 'fresh.cold',
    testId: 'fresh-fridges',
    empty: EMPTY,
    refetchInterval: MINUTE,
  });
  const { column, source, labels, badge, tenantColumn, action } = fridges;
  const [charting, setCharting] = useState<FridgeItem>();
  const [acknowledging, setAcknowledging] = useState<Acknowledgeable>();

  const columns = useMemo<Column<FridgeItem>[]>(
    () => [
      column('device', {
        render: (f) => <OverflowText text={f.pointName ? `${f.deviceName} · ${f.pointName}` : f.deviceName} />,
        minWidth: 150,
        width: 240,
        grow: 2,
        hideable: false,
        testId: true,
      }),
      column('celsius', { value: (f) => celsiusText(t, f.celsius), minWidth: 80, width: 90, testId: true }),
      column('state', {
        minWidth: 120,
        width: 150,
        testId: true,
        render: badge('states', FRIDGE_COLOURS, (f) => f.state),
      }),
      column('readAt', { kind: 'time', value: (f) => f.readAt }),
      column('range', { value: (f) => rangeText(t, f.range), minWidth: 150, width: 200, fold: 2 }),
      column('lockedChannels', {
        value: (f) => (f.excursion ? channelsText(t, f.lockedChannels) : '—'),
        minWidth: 90,
        width: 140,
        testId: true,
      }),
      ...tenantColumn({ width: 140 }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 170,
        render: (f) => (
          <RowActions compact>
            <RowAction {...action('showDay')} opensDialog action={() => setCharting(f)} />
            {f.excursion && (
              <RowAction
                {...action('acknowledge')}
                opensDialog
                disabledReason={f.state === 'awaiting' ? undefined : t('fresh.cold.stillOut')}
                action={() =>
                  setAcknowledging({
                    id: f.excursion!.id,
                    deviceName: f.deviceName,
                    startedAt: f.excursion!.startedAt,
                    peak: f.excursion!.peak,
                    range: f.range,
                    lockedChannels: f.lockedChannels,
                  })
                }
              />
            )}
          </RowActions>
        ),
      }),
    ],
    [t, column, badge, tenantColumn, action],
  );

  return (
    <ResourceList
      resource={fridges}
      untitled
      title={t('fresh.cold.tabs.fridges')}
      columns={columns}
      rowKey={(f) => f.deviceId}
      intro={t('fresh.cold.intro')}
      emptyHint={t('fresh.cold.emptyHint')}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={40} />
          <ChoiceFilter {...source('state')} options={FRIDGE_FILTERS} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {charting && <FridgeDayDialog fridge={charting} onClose={() => setCharting(undefined)} />}
      {acknowledging && <AcknowledgeDialog excursion={acknowledging} onClose={() => setAcknowledging(undefined)} />}
    </ResourceList>
  );
}
