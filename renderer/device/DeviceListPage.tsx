/**
 * /deviceList/index (spec §2 deviceList, §3 Device): the fleet with its
 * filters, status badges, last seen as relative time (§9), and locking from
 * the row or for a selection (all or none; locking asks first, since a locked
 * device stops selling). Built from the list kit.
 */
import { formatDay } from '../../shared/format.js';
import { Badge, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { LockClosedRegular, LockOpenRegular, SettingsRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import type { DeviceItem } from '../../shared/device/index.js';
import { useOpMutation } from '../bridge.js';
import { refusedWith } from '../app/errors.js';
import { formatDateTime, formatRelative } from '../app/format.js';
import { mayOpenPath, useUser } from '../app/session.js';
import {
  BulkAction,
  BulkBar,
  ConfirmDialog,
  ListPage,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  useResource,
  useScreen,
  useSelection,
  type Column,
} from '../kit/index.js';
import { DeviceFilters, EMPTY_DEVICE_FILTER } from './DeviceFilters.js';
import { devSetPath, PRICES_PATH } from './paths.js';
import { ExceptionsPanel } from './ExceptionsPanel.js';
import { PickListDialog } from './PickListDialog.js';
import { BulkSettingsDialog } from './BulkSettingsDialog.js';

const useStyles = makeStyles({
  badges: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
  expired: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The fleet, or the devices that need someone (`?view=exceptions`, beyond the spec): two views of one screen,
 * so the list keeps its route and its code (2-1).
 */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const exceptions = params.get('view') === 'exceptions';
  return (
    <ListPage id="device-list-title" title={t('device.list.title')}>
      <TabList
        selectedValue={exceptions ? 'exceptions' : 'devices'}
        data-testid="device-views"
        onTabSelect={(_, d) => setParams(d.value === 'exceptions' ? { view: 'exceptions' } : {}, { replace: true })}
      >
        <Tab value="devices" data-testid="device-view-devices">
          {t('device.care.tabs.devices')}
        </Tab>
        <Tab value="exceptions" data-testid="device-view-exceptions">
          {t('device.care.tabs.exceptions')}
        </Tab>
      </TabList>
      {exceptions ? <ExceptionsPanel /> : <Fleet />}
    </ListPage>
  );
}

function Fleet() {
  const { t, notify, report, navigate, client } = useScreen();
  const styles = useStyles();
  const user = useUser();
  const devices = useResource('device.page', { ns: 'device.list', testId: 'device', empty: EMPTY_DEVICE_FILTER });
  const { column, action, text, tenantColumn, search, rows, filter } = devices;
  const [locking, setLocking] = useState<number[] | null>(null);
  const [picking, setPicking] = useState<number[] | null>(null);
  const [setting, setSetting] = useState<number[] | null>(null);

  const lock = useOpMutation('device.lock', { invalidates: ['device.page', 'device.info'] });
  const selection = useSelection(rows, filter);

  const change = async (ids: number[], locked: boolean) => {
    try {
      const { changed } = await lock.mutateAsync({ body: { ids, locked } });
      notify(t('device.list.changed', { count: changed }));
      selection.clear();
    } catch (error) {
      report(error, { fallback: t('device.list.changeFailed') });
      if (refusedWith(error, CODE.deviceNotFound)) await client.invalidateQueries({ queryKey: ['device.page'] });
    }
  };

  const columns = useMemo<Column<DeviceItem>[]>(
    () => [
      column('name', {
        header: t('device.name'),
        value: (d) => d.name,
        minWidth: 120,
        width: 180,
        grow: 2,
        testId: true,
        hideable: false,
      }),
      column('serial', { header: t('device.serial'), value: (d) => d.serial, minWidth: 120, width: 140, testId: true }),
      column('type', {
        fold: 1,
        header: t('device.type'),
        value: (d) => t(`device.types.${d.type}`),
        minWidth: 80,
        width: 110,
      }),
      column('model', { fold: 1, header: t('device.model'), value: (d) => d.model, minWidth: 80, width: 100 }),
      column('point', { render: (d) => <OverflowText text={d.pointName ?? '—'} />, minWidth: 96, width: 160, grow: 1 }),
      ...tenantColumn({ width: 160, value: (d) => d.tenantName ?? t('device.pool.inPool') }),
      column('state', {
        header: t('device.onlineState'),
        minWidth: 140,
        width: 180,
        testId: true,
        render: (d) => (
          <div className={styles.badges}>
            <Badge appearance="filled" color={d.online ? 'success' : 'informative'}>
              {t(d.online ? 'device.online' : 'device.offline')}
            </Badge>
            {!d.activated && (
              <Badge appearance="tint" color="warning">
                {t('device.notActivated')}
              </Badge>
            )}
            {d.locked && (
              <Badge appearance="tint" color="danger" data-testid="device-locked">
                {t('device.list.locked')}
              </Badge>
            )}
            {d.allocation !== 'normal' && (
              <Badge appearance="outline">{t(`device.list.allocations.${d.allocation}`)}</Badge>
            )}
          </div>
        ),
      }),
      column('lastSeen', {
        fold: 3,
        minWidth: 96,
        width: 120,
        render: (d) => (
          <span title={d.lastSeenAt ? formatDateTime(d.lastSeenAt) : undefined}>
            {d.lastSeenAt ? formatRelative(t, d.lastSeenAt) : t('device.list.never')}
          </span>
        ),
      }),
      column('serviceExpiry', {
        fold: 4,
        minWidth: 100,
        width: 120,
        render: (d) => {
          if (!d.serviceExpiry) return '—';
          const expired = Date.parse(d.serviceExpiry) < Date.now();
          return (
            <span className={expired ? styles.expired : undefined}>
              {expired ? t('device.list.expired') : formatDay(d.serviceExpiry)}
            </span>
          );
        },
      }),
      column('channels', { fold: 2, kind: 'number', value: (d) => d.channelCount }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 170,
        shrinkLast: true,
        render: (d) => (
          <RowActions compact wrap>
            <RowAction
              {...action('settings', text('actions.settings'))}
              icon={<SettingsRegular />}
              action={() => void navigate(devSetPath(d.id))}
            />
            <RowAction
              icon={d.locked ? <LockOpenRegular /> : <LockClosedRegular />}
              danger={!d.locked}
              opensDialog={!d.locked}
              action={() => (d.locked ? change([d.id], false) : setLocking([d.id]))}
              testId="device-toggle-lock"
            >
              {t(d.locked ? 'device.list.actions.unlock' : 'device.list.actions.lock')}
            </RowAction>
          </RowActions>
        ),
      }),
    ],
    [t, styles, navigate, column, action, text, tenantColumn],
  );

  const none = selection.ids.length === 0;
  return (
    <ResourceList
      resource={devices}
      untitled
      title={t('device.care.tabs.devices')}
      columns={columns}
      rowKey={(d) => d.id}
      besideFilters={
        <DeviceFilters
          onSearch={(f) => {
            search(f);
            selection.clear();
          }}
        />
      }
      aboveTable={
        <BulkBar label={t('device.list.selected', { count: selection.ids.length })} testId="device-selected">
          <BulkAction
            disabled={none}
            danger
            opensDialog
            action={() => setLocking(selection.ids)}
            testId="device-bulk-lock"
          >
            {t('device.list.actions.lock')}
          </BulkAction>
          <BulkAction disabled={none} action={() => change(selection.ids, false)} testId="device-bulk-unlock">
            {t('device.list.actions.unlock')}
          </BulkAction>
          <BulkAction
            disabled={none}
            opensDialog
            action={() => setSetting(selection.ids)}
            testId="device-bulk-settings-open"
          >
            {t('device.settings.bulk')}
          </BulkAction>
          <BulkAction disabled={none} opensDialog action={() => setPicking(selection.ids)} testId="device-bulk-pick">
            {t('device.care.pickList')}
          </BulkAction>
          {mayOpenPath(user, PRICES_PATH) && (
            <BulkAction
              disabled={none}
              opensDialog
              action={() => void navigate(`${PRICES_PATH}?devices=${selection.ids.join(',')}`)}
              testId="device-bulk-prices"
            >
              {t('device.list.actions.prices')}
            </BulkAction>
          )}
        </BulkBar>
      }
      table={{
        selection: selection.table((d) => t('device.list.selectRow', { name: d.name }), text('selectAll')),
      }}
    >
      <ConfirmDialog
        open={locking !== null}
        danger
        title={t('device.list.lockConfirmTitle')}
        text={t('device.list.lockConfirm', { count: locking?.length ?? 0 })}
        confirmLabel={t('device.list.actions.lock')}
        onConfirm={async () => {
          if (locking) await change(locking, true);
          setLocking(null);
        }}
        onCancel={() => setLocking(null)}
      />
      {picking && <PickListDialog deviceIds={picking} onClose={() => setPicking(null)} />}
      {setting && (
        <BulkSettingsDialog ids={setting} onClose={() => setSetting(null)} onDone={() => selection.clear()} />
      )}
    </ResourceList>
  );
}
