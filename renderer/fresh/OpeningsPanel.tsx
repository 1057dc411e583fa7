/**
 * The door openings (`fresh.doorOpenings`), newest first: the fridge, the
 * card's last digits, opened and closed, the cap and what the goods came to
 * (over the cap said), and the state; by fridge, state, month and tenant.
 * With one fridge and a month chosen, the host's sheet of that month is
 * exported from here.
 */
import { Badge } from '@fluentui/react-components';
import { useMemo } from 'react';
import { formatYuan } from '../../shared/format.js';
import { OPENING_STATES, type OpeningItem, type OpeningState } from '../../shared/fresh/index.js';
import { callOp, useOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ChoiceFilter,
  ExportButton,
  IdChoiceFilter,
  OverflowText,
  ResourceList,
  TenantFilter,
  useResource,
  useScreen,
  type BadgeColour,
  type Column,
} from '../kit/index.js';
import { lastMonths } from './months.js';

interface Filter {
  deviceId?: number | undefined;
  state?: OpeningState | undefined;
  month?: string | undefined;
  tenantId?: number | undefined;
}

const COLOURS: Record<OpeningState, BadgeColour> = {
  open: 'informative',
  paid: 'success',
  nothing: 'subtle',
  declined: 'danger',
};

export function OpeningsPanel() {
  const { t } = useScreen();
  const months = useMemo(lastMonths, []);
  const empty = useMemo<Filter>(() => ({ month: months[0] }), [months]);
  const openings = useResource('fresh.doorOpenings', { ns: 'fresh.doors', testId: 'fresh-openings', empty });
  const { column, source, labels, badge, tenantColumn, filter } = openings;
  const fridges = useOp('fresh.doorFridges', { body: {} }, { staleTime: 60_000 });
  const columns = useMemo<Column<OpeningItem>[]>(
    () => [
      column('device', {
        render: (o) => <OverflowText text={o.deviceName} />,
        minWidth: 140,
        width: 200,
        grow: 1,
        hideable: false,
      }),
      column('card', {
        minWidth: 90,
        width: 120,
        fold: 4,
        testId: true,
        value: (o) => (o.cardTail ? t('fresh.doors.cardTail', { tail: o.cardTail }) : t('fresh.doors.noTail')),
      }),
      column('openedAt', { kind: 'time', value: (o) => o.openedAt, fold: 3 }),
      column('closedAt', { kind: 'time', value: (o) => o.closedAt, fold: 1 }),
      column('state', { minWidth: 100, width: 120, testId: true, render: badge('states', COLOURS, (o) => o.state) }),
      column('cap', { kind: 'money', value: (o) => o.cap, fold: 2 }),
      column('amount', {
        kind: 'money',
        minWidth: 100,
        width: 150,
        testId: true,
        render: (o) =>
          o.amount === null ? null : (
            <>
              {formatYuan(o.amount)}{' '}
              {o.overCap && (
                <Badge appearance="tint" color="warning" size="small">
                  {t('fresh.doors.overCap')}
                </Badge>
              )}
            </>
          ),
      }),
      ...tenantColumn({ width: 140 }),
    ],
    [t, column, badge, tenantColumn],
  );
  const fridge = filter.deviceId;
  const month = filter.month;
  return (
    <ResourceList
      resource={openings}
      untitled
      title={t('fresh.doors.views.openings')}
      columns={columns}
      rowKey={(o) => o.id}
      intro={t('fresh.doors.intro')}
      emptyHint={t('fresh.doors.emptyOpenings')}
      besideFilters={
        <ExportButton
          make={() =>
            callOp('fresh.hostSheet', {
              query: { lang: currentLang() },
              body: { deviceId: fridge!, month: month! },
            })
          }
          saved={(count) => t('fresh.doors.hostSheetSaved', { count })}
          disabledReason={fridge === undefined || month === undefined ? t('fresh.doors.hostSheetHint') : undefined}
          testId="fresh-host-sheet"
        >
          {t('fresh.doors.hostSheet')}
        </ExportButton>
      }
      filters={
        <>
          <IdChoiceFilter {...source('deviceId', t('fresh.doors.device'))} items={fridges.data} />
          <ChoiceFilter {...source('state')} options={OPENING_STATES} optionLabel={labels('states')} />
          <ChoiceFilter {...source('month')} options={months} optionLabel={(m) => m} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}
