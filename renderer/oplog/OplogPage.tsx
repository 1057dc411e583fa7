/**
 * /oplog (beyond the spec; docs/domains/oplog.md): the operation log of the
 * caller's tenants, newest first, by who, operation, kind, target, result
 * and tenant; a record opens with its targets' fields before and after.
 */
import { Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { OP_KINDS, OPLOG_LIMITS, type OpRecordItem } from '../../shared/oplog/index.js';
import {
  ChoiceFilter,
  DataTable,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { RecordDialog } from './RecordDialog.js';

const RESULTS = ['done', 'refused'] as const;

interface Filter {
  username: string;
  op: string;
  entity: string;
  kind?: (typeof OP_KINDS)[number] | undefined;
  result?: (typeof RESULTS)[number] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { username: '', op: '', entity: '' };

export default function OplogPage() {
  const { t, user } = useScreen();
  const [open, setOpen] = useState<OpRecordItem | null>(null);
  const { field, unfiltered, apply, reset, table, pager } = useListPage('oplog.page', { empty: EMPTY });
  const columns = useMemo<Column<OpRecordItem>[]>(
    () => [
      { id: 'at', header: t('oplog.at'), kind: 'time', hideable: false, value: (r) => r.at },
      {
        id: 'who',
        header: t('oplog.who'),
        minWidth: 100,
        width: 140,
        cellTestId: 'oplog-row-who',
        render: (r) => <OverflowText text={r.username} />,
      },
      {
        id: 'op',
        header: t('oplog.op'),
        minWidth: 140,
        width: 200,
        grow: 1,
        hideable: false,
        cellTestId: 'oplog-row-op',
        render: (r) => <OverflowText text={`${t(`oplog.kinds.${r.kind}`)} · ${r.op}`} />,
      },
      {
        id: 'targets',
        header: t('oplog.targets'),
        minWidth: 110,
        width: 180,
        fold: 1,
        render: (r) => <OverflowText text={r.targets.map((x) => `${x.entity} #${x.id}`).join(', ')} />,
      },
      {
        id: 'result',
        header: t('oplog.result'),
        minWidth: 90,
        width: 120,
        cellTestId: 'oplog-row-result',
        value: (r) => (r.result === 0 ? t('oplog.done') : t('oplog.refused', { code: r.result })),
      },
      { id: 'address', header: t('oplog.address'), minWidth: 100, width: 130, fold: 2, value: (r) => r.address },
      ...(seesTenants(user)
        ? [
            {
              id: 'tenant',
              header: t('oplog.tenant'),
              minWidth: 100,
              width: 140,
              fold: 3,
              render: (r: OpRecordItem) => <OverflowText text={r.tenantName ?? t('oplog.platform')} />,
            },
          ]
        : []),
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 80,
        width: 96,
        render: (r) => (
          <RowActions compact>
            <RowAction icon={<OpenRegular />} action={() => setOpen(r)} testId="oplog-open">
              {t('oplog.open')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, user],
  );
  return (
    <ListPage
      id="oplog-title"
      title={t('oplog.route.oplog')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="oplog-search" resetTestId="oplog-reset">
          <TextFilter
            label={t('oplog.username')}
            {...field('username')}
            maxLength={OPLOG_LIMITS.username}
            testId="oplog-filter-username"
          />
          <TextFilter label={t('oplog.op')} {...field('op')} maxLength={OPLOG_LIMITS.op} testId="oplog-filter-op" />
          <TextFilter
            label={t('oplog.entity')}
            {...field('entity')}
            maxLength={OPLOG_LIMITS.entity}
            testId="oplog-filter-entity"
          />
          <ChoiceFilter
            label={t('oplog.kind')}
            {...field('kind')}
            options={OP_KINDS}
            optionLabel={(k) => t(`oplog.kinds.${k}`)}
            testId="oplog-filter-kind"
          />
          <ChoiceFilter
            label={t('oplog.result')}
            {...field('result')}
            options={RESULTS}
            optionLabel={(r) => t(`oplog.results.${r}`)}
            testId="oplog-filter-result"
          />
          <TenantFilter label={t('oplog.tenant')} {...field('tenantId')} testId="oplog-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('oplog.route.oplog')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="oplog-empty">{t('oplog.empty')}</Text> : undefined}
        rowKey={(r) => r.id}
        rowTestId="oplog-row"
        testId="oplog-table"
      />
      <Pager {...pager} testId="oplog-pager" />
      {open && <RecordDialog record={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
