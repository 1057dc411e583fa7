/**
 * /oplog (beyond the spec; docs/domains/oplog.md): the operation log of the
 * caller's tenants, newest first, by who, operation, kind, target, result,
 * time and tenant; a record opens with its targets' fields before and after;
 * the records of the filter go out as an .xlsx (an export the log records).
 */
import { useMemo, useState } from 'react';
import { OP_KINDS, OPLOG_LIMITS, type OplogFilter, type OpRecordItem } from '../../shared/oplog/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ExportButton,
  ChoiceFilter,
  DateTimeInput,
  FilterField,
  filterBody,
  OverflowText,
  rangeInstants,
  rangeProblems,
  ResourceList,
  seesTenants,
  TenantFilter,
  TextFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
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
  const { t, user } = useScreen();
  const [open, setOpen] = useState<OpRecordItem | null>(null);
  const records = useResource('oplog.page', { ns: 'oplog', testId: 'oplog', empty: EMPTY, body: toBody });
  const { field, source, column, labels, draft, filter, apply } = records;
  const range = rangeProblems(draft.from, draft.to);
  const columns = useMemo<Column<OpRecordItem>[]>(() => {
    const record = recordColumns(t, { cell: (c) => `oplog-row-${c}`, open: 'oplog-open' }, setOpen);
    return [
      record.at,
      record.who,
      record.op,
      column('targets', {
        minWidth: 110,
        width: 180,
        fold: 1,
        render: (r) => <OverflowText text={r.targets.map((x) => `${x.entity} #${x.id}`).join(', ')} />,
      }),
      record.result,
      column('address', { minWidth: 100, width: 130, fold: 2, value: (r) => r.address }),
      ...(seesTenants(user)
        ? [
            column('tenant', {
              minWidth: 100,
              width: 140,
              fold: 3,
              render: (r) => <OverflowText text={r.tenantName ?? t('oplog.platform')} />,
            }),
          ]
        : []),
      record.actions,
    ];
  }, [t, user, column]);
  return (
    <ResourceList
      resource={records}
      title={t('oplog.route.oplog')}
      columns={columns}
      rowKey={(r) => r.id}
      emptyHint={t('oplog.empty')}
      actions={
        <ExportButton
          make={() => callOp('oplog.export', { query: { lang: currentLang() }, body: toBody(filter) })}
          none={t('oplog.exportNone')}
          saved={(count) => t('oplog.exported', { count })}
          testId="oplog-export"
        >
          {t('oplog.export')}
        </ExportButton>
      }
      onSearch={() => {
        if (!range.from && !range.to) apply();
      }}
      filters={
        <>
          <FilterField label={t('oplog.from')} time error={range.from && t(range.from)}>
            <DateTimeInput {...field('from')} testId="oplog-filter-from" />
          </FilterField>
          <FilterField label={t('oplog.to')} time error={range.to && t(range.to)}>
            <DateTimeInput {...field('to')} testId="oplog-filter-to" />
          </FilterField>
          <TextFilter {...source('username')} maxLength={OPLOG_LIMITS.username} />
          <TextFilter {...source('op')} maxLength={OPLOG_LIMITS.op} />
          <TextFilter {...source('entity')} maxLength={OPLOG_LIMITS.entity} />
          <ChoiceFilter {...source('kind')} options={OP_KINDS} optionLabel={labels('kinds')} />
          <ChoiceFilter {...source('result')} options={RESULTS} optionLabel={labels('results')} />
          <TenantFilter {...source('tenantId', t('oplog.tenant'))} />
        </>
      }
    >
      {open && <RecordDialog record={open} onClose={() => setOpen(null)} />}
    </ResourceList>
  );
}
