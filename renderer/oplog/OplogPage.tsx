/**
 * /oplog (beyond the spec; docs/domains/oplog.md): the operation log of the
 * caller's tenants, newest first, by who, operation, kind, target, result,
 * time and tenant; a record opens with its targets' fields before and after;
 * the records of the filter go out as an .xlsx (an export the log records).
 */
import { Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { OP_KINDS, OPLOG_LIMITS, type OplogFilter, type OpRecordItem } from '../../shared/oplog/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ActionButton,
  ChoiceFilter,
  DateTimeInput,
  DataTable,
  FilterBar,
  FilterField,
  filterBody,
  ListPage,
  OverflowText,
  Pager,
  rangeInstants,
  rangeProblems,
  seesTenants,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { saveSheet } from '../kit/xlsx.js';
import { recordColumns } from './columns.js';
import { RecordDialog } from './RecordDialog.js';

const RESULTS = ['done', 'refused'] as const;

interface Filter {
  username: string;
  op: string;
  entity: string;
  /** The range as typed (kit DateTimeInput), on the business clock. */
  from: string;
  to: string;
  kind?: (typeof OP_KINDS)[number] | undefined;
  result?: (typeof RESULTS)[number] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { username: '', op: '', entity: '', from: '', to: '' };

/** The filter the API takes: the range as instants. */
const toBody = ({ from, to, ...rest }: Filter): OplogFilter => ({ ...filterBody(rest), ...rangeInstants(from, to) });

export default function OplogPage() {
  const { t, user, notify } = useScreen();
  const [open, setOpen] = useState<OpRecordItem | null>(null);
  const { field, draft, filter, unfiltered, apply, reset, table, pager } = useListPage('oplog.page', {
    empty: EMPTY,
    body: toBody,
  });
  const range = rangeProblems(draft.from, draft.to);
  const columns = useMemo<Column<OpRecordItem>[]>(() => {
    const record = recordColumns(t, { cell: (c) => `oplog-row-${c}`, open: 'oplog-open' }, setOpen);
    return [
      record.at,
      record.who,
      record.op,
      {
        id: 'targets',
        header: t('oplog.targets'),
        minWidth: 110,
        width: 180,
        fold: 1,
        render: (r) => <OverflowText text={r.targets.map((x) => `${x.entity} #${x.id}`).join(', ')} />,
      },
      record.result,
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
      record.actions,
    ];
  }, [t, user]);
  return (
    <ListPage
      id="oplog-title"
      title={t('oplog.route.oplog')}
      actions={
        <ActionButton
          icon={<ArrowDownloadRegular />}
          action={async () => {
            const sheet = await callOp('oplog.export', { query: { lang: currentLang() }, body: toBody(filter) });
            await saveSheet(sheet, notify, {
              none: t('oplog.exportNone'),
              saved: (count) => t('oplog.exported', { count }),
            });
          }}
          data-testid="oplog-export"
        >
          {t('oplog.export')}
        </ActionButton>
      }
      filters={
        <FilterBar
          onSearch={() => {
            if (!range.from && !range.to) apply();
          }}
          onReset={reset}
          searchTestId="oplog-search"
          resetTestId="oplog-reset"
        >
          <FilterField label={t('oplog.from')} time error={range.from && t(range.from)}>
            <DateTimeInput {...field('from')} testId="oplog-filter-from" />
          </FilterField>
          <FilterField label={t('oplog.to')} time error={range.to && t(range.to)}>
            <DateTimeInput {...field('to')} testId="oplog-filter-to" />
          </FilterField>
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
