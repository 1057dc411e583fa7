/**
 * /shares/hosts (beyond the spec; docs/domains/share.md): a tenant's
 * location hosts — the mall, the metro company — with their contact, whether
 * bank details are kept (never what they are), and the points each holds
 * today; create and edit, the points held and taken on a day, delete one
 * never stated.
 */
import { Badge } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ShareHostItem } from '../../shared/share/index.js';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  rowDelete,
  useRowCommands,
  type RowCommands,
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

// A refusal (gone meanwhile, or stated meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', ShareHostItem> = {
  ns: 'share.host',
  invalidates: ['share.hostPage', 'share.subjects'],
  commands: { delete: rowDelete('share.hostDelete', { title: 'delete', confirmLabel: 'share.host.delete' }) },
};

export default function HostsPage() {
  const { t } = useScreen();
  const hosts = useResource('share.hostPage', { ns: 'share.host', testId: 'share-host', empty: EMPTY });
  const { column, source, action, tenantColumn, refresh } = hosts;
  const [editing, setEditing] = useState<ShareHostItem | 'new' | null>(null);
  const [holding, setHolding] = useState<ShareHostItem | null>(null);
  const { run, dialog } = useRowCommands(COMMANDS, { name: (h) => h.name });

  const columns = useMemo<Column<ShareHostItem>[]>(
    () => [
      column('name', {
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
        testId: true,
        render: (h) => <OverflowText text={h.name} />,
      }),
      ...tenantColumn({ width: 160 }),
      column('contact', { minWidth: 80, width: 110, value: (h) => h.contact }),
      column('phone', { minWidth: 110, width: 130, fold: 1, value: (h) => h.phone }),
      column('bank', {
        minWidth: 80,
        width: 96,
        fold: 2,
        render: (h) => (
          <Badge appearance="tint" color={h.bankSet ? 'success' : 'informative'}>
            {t(h.bankSet ? 'share.host.bankSet' : 'share.host.bankNone')}
          </Badge>
        ),
      }),
      column('points', { kind: 'number', minWidth: 80, testId: true, value: (h) => h.points }),
      column('createdAt', { kind: 'time', fold: 3, value: (h) => h.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 160,
        width: 220,
        shrinkLast: true,
        render: (h) => (
          <RowActions compact>
            <RowAction
              {...action('points-open', t('share.host.pointsAction'))}
              opensDialog
              action={() => setHolding(h)}
            />
            <EditAction opensDialog action={() => setEditing(h)} testId="share-host-edit" />
            <DeleteAction opensDialog action={() => void run('delete', h)} testId="share-host-delete" />
          </RowActions>
        ),
      }),
    ],
    [t, run, column, action, tenantColumn],
  );

  return (
    <ResourceList
      resource={hosts}
      columns={columns}
      rowKey={(h) => h.id}
      actions={<CreateButton onClick={() => setEditing('new')} {...action('create')} />}
      filters={
        <>
          <TextFilter {...source('name', t('share.host.keyword'))} maxLength={50} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {editing && (
        <HostFormDialog
          host={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {holding && <HostPointsDialog host={holding} onClose={() => setHolding(null)} />}
      {dialog}
    </ResourceList>
  );
}
