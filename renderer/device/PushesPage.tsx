/**
 * /deviceList/pushes (beyond spec §2; docs/domains/device.md): the fleet in
 * one view — every firmware rollout and price change to the caller's
 * tenants' devices, newest first, with its devices' progress, the devices
 * that stalled (due to act and silent for half an hour), and a warning
 * above the list while any push has one. A row opens its progress page,
 * which the domain that pushes it draws.
 */
import { Badge, Button, MessageBar, MessageBarActions, MessageBarBody, Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import {
  PUSH_KINDS,
  PUSH_LIMITS,
  PUSH_STATES,
  type PushFilter,
  type PushItem,
  type PushState,
} from '../../shared/device/index.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  FlagFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { pushPages } from './ports.js';

const EMPTY: PushFilter = {};
const STATE_COLOURS: Readonly<Record<PushState, 'warning' | 'informative' | 'subtle'>> = {
  held: 'warning',
  running: 'informative',
  finished: 'subtle',
};
const total = (p: PushItem) => Object.values(p.steps).reduce((a, b) => a + b, 0);

export default function PushesPage() {
  const { t, navigate } = useScreen();
  const pushes = useResource('device.pushes', { ns: 'device.push', testId: 'push', empty: EMPTY });
  const { column, source, action, labels, badge, tenantColumn, filter, search } = pushes;
  const stalled = useOp('device.pushes', { query: { pageSize: 1 }, body: { stalled: true } });
  const stalledPushes = stalled.data?.total ?? 0;

  const columns = useMemo<Column<PushItem>[]>(() => {
    const moduleName = (m: string) => t(`device.modules.names.${m}` as 'device.modules.names.mainBoard');
    return [
      column('kind', { minWidth: 100, width: 120, fold: 5, testId: true, value: (p) => labels('kinds')(p.kind) }),
      column('what', {
        minWidth: 120,
        width: 220,
        grow: 2,
        hideable: false,
        testId: true,
        render: (p) => (
          <OverflowText
            text={p.module === null ? p.title : `${p.title} · ${moduleName(p.module)} ${p.version ?? ''}`.trim()}
          />
        ),
      }),
      ...tenantColumn({ width: 150, fold: 4 }),
      column('state', {
        minWidth: 90,
        width: 110,
        fold: 7,
        testId: true,
        render: badge('states', STATE_COLOURS, (p) => p.state),
      }),
      column('progress', {
        minWidth: 150,
        width: 220,
        grow: 1,
        fold: 6,
        testId: true,
        render: (p) => (
          <OverflowText
            text={[
              t('device.push.progressCell', { done: p.steps.done, total: total(p) }),
              ...(['working', 'waiting', 'failed', 'cancelled'] as const)
                .filter((s) => p.steps[s] > 0)
                .map((s) => `${labels('steps')(s)} ${p.steps[s]}`),
            ].join(' · ')}
          />
        ),
      }),
      column('stalled', {
        minWidth: 90,
        width: 110,
        testId: true,
        render: (p) =>
          p.stalled > 0 ? (
            <Badge appearance="filled" color="warning">
              {t('device.push.stalledCell', { count: p.stalled })}
            </Badge>
          ) : (
            <Text>0</Text>
          ),
      }),
      column('createdAt', { kind: 'time', fold: 3, value: (p) => p.createdAt }),
      column('createdBy', { minWidth: 80, width: 100, fold: 2, value: (p) => p.createdBy ?? '' }),
      column('movedAt', { kind: 'time', fold: 1, value: (p) => p.movedAt ?? '' }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 100,
        width: 120,
        shrinkLast: true,
        render: (p) => (
          <RowActions compact>
            <RowAction {...action('open')} action={() => void navigate(pushPages[p.kind].use()(p.id))} />
          </RowActions>
        ),
      }),
    ];
  }, [t, navigate, column, action, labels, badge, tenantColumn]);

  return (
    <ResourceList
      resource={pushes}
      columns={columns}
      rowKey={(p) => `${p.kind}-${p.id}`}
      intro={t('device.push.intro')}
      emptyHint={t('device.push.empty')}
      aboveTable={
        stalledPushes > 0 && !filter.stalled ? (
          <MessageBar intent="warning" data-testid="push-stall-alert">
            <MessageBarBody>
              {t('device.push.stallAlert', { count: stalledPushes, minutes: PUSH_LIMITS.stallMs / 60_000 })}
            </MessageBarBody>
            <MessageBarActions>
              <Button data-testid="push-show-stalled" onClick={() => search({ ...EMPTY, stalled: true })}>
                {t('device.push.showStalled')}
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : undefined
      }
      filters={
        <>
          <ChoiceFilter {...source('kind')} options={PUSH_KINDS} optionLabel={labels('kinds')} />
          <ChoiceFilter {...source('state')} options={PUSH_STATES} optionLabel={labels('states')} />
          <FlagFilter {...source('stalled', t('device.push.stalled'))} optionLabel={t('device.push.stalledOnly')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}
