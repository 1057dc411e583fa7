/**
 * /shares/hosts (beyond the spec; docs/domains/share.md): a tenant's
 * location hosts — the mall, the metro company — with their contact, whether
 * bank details are kept (never what they are), and the points each holds
 * today; create and edit, the points held and taken on a day, delete one
 * never stated.
 */
import { Badge } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import type { ShareHostItem } from '../../shared/share/index.js';
import { useUser } from '../app/session.js';
import {
  ConfirmDialog,
  CreateButton,
  DataTable,
  DeleteAction,
  EditAction,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  TextFilter,
  useListPage,
  useRowDelete,
  useScreen,
  type Column,
} from '../kit/index.js';
import { HostFormDialog } from './HostFormDialog.js';
import { HostPointsDialog } from './HostPointsDialog.js';

interface Filter {
  name: string;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { name: '' };

export default function HostsPage() {
  const { t } = useScreen();
  const byTenant = seesTenants(useUser());
  const { field, apply, reset, refresh, table, pager } = useListPage('share.hostPage', {
    empty: EMPTY,
    body: (f) => ({
      ...(f.name.trim() ? { name: f.name.trim() } : {}),
      ...(f.tenantId ? { tenantId: f.tenantId } : {}),
    }),
  });
  const [editing, setEditing] = useState<ShareHostItem | 'new' | null>(null);
  const [holding, setHolding] = useState<ShareHostItem | null>(null);
  const remove = useRowDelete<'share.hostDelete', ShareHostItem>('share.hostDelete', {
    invalidates: ['share.hostPage', 'share.subjects'],
    deleted: t('share.host.deleted'),
    stale: [CODE.shareHostNotFound, CODE.shareHostStated],
    refresh,
  });

  const columns = useMemo<Column<ShareHostItem>[]>(
    () => [
      {
        id: 'name',
        header: t('share.host.name'),
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
        cellTestId: 'share-host-name',
        render: (h) => <OverflowText text={h.name} />,
      },
      ...tenantColumn<ShareHostItem>(byTenant, t('common.tenant'), { width: 160 }),
      { id: 'contact', header: t('share.host.contact'), minWidth: 80, width: 110, value: (h) => h.contact },
      { id: 'phone', header: t('share.host.phone'), minWidth: 110, width: 130, fold: 1, value: (h) => h.phone },
      {
        id: 'bank',
        header: t('share.host.bank'),
        minWidth: 80,
        width: 96,
        fold: 2,
        render: (h) => (
          <Badge appearance="tint" color={h.bankSet ? 'success' : 'informative'}>
            {t(h.bankSet ? 'share.host.bankSet' : 'share.host.bankNone')}
          </Badge>
        ),
      },
      {
        id: 'points',
        header: t('share.host.points'),
        kind: 'number',
        minWidth: 80,
        cellTestId: 'share-host-points',
        value: (h) => h.points,
      },
      { id: 'createdAt', header: t('share.host.createdAt'), kind: 'time', fold: 3, value: (h) => h.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 160,
        width: 220,
        shrinkLast: true,
        render: (h) => (
          <RowActions compact>
            <RowAction opensDialog action={() => setHolding(h)} testId="share-host-points-open">
              {t('share.host.pointsAction')}
            </RowAction>
            <EditAction opensDialog action={() => setEditing(h)} testId="share-host-edit" />
            <DeleteAction opensDialog action={() => remove.ask(h)} testId="share-host-delete" />
          </RowActions>
        ),
      },
    ],
    [t, byTenant, remove.ask],
  );

  return (
    <ListPage
      id="share-hosts-title"
      title={t('share.host.title')}
      actions={
        <CreateButton onClick={() => setEditing('new')} testId="share-host-create">
          {t('share.host.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="share-host-search" resetTestId="share-host-reset">
          <TextFilter
            label={t('share.host.keyword')}
            {...field('name')}
            maxLength={50}
            testId="share-host-filter-name"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="share-host-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('share.host.title')}
        columns={columns}
        {...table}
        rowKey={(h) => h.id}
        rowTestId="share-host-row"
        testId="share-host-table"
      />
      <Pager {...pager} testId="share-host-pager" />
      {editing && (
        <HostFormDialog
          host={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {holding && <HostPointsDialog host={holding} onClose={() => setHolding(null)} />}
      <ConfirmDialog
        {...remove.dialog}
        danger
        title={t('share.host.delete')}
        text={t('share.host.deleteConfirm', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('share.host.delete')}
      />
    </ListPage>
  );
}
