/**
 * /shares/rules (beyond the spec; docs/domains/share.md): a tenant's share
 * rules, each version with the month it applies from, latest first. Choose
 * a point, host or second-level tenant to read its versions as a timeline;
 * set a new version (from a row: starting from that one's terms); delete a
 * version of a month not issued, which lets the one before apply again.
 */
import { useMemo, useState } from 'react';
import type { ShareRuleItem } from '../../shared/share/index.js';
import { HistoryDialog } from '../oplog/index.js';
import { can, useUser } from '../app/session.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  DataTable,
  DeleteAction,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  useListPage,
  rowDelete,
  useRowCommands,
  type RowCommands,
  useScreen,
  type Column,
} from '../kit/index.js';
import { RuleFormDialog } from './RuleFormDialog.js';
import { termsText } from './terms.js';

interface Filter {
  /** `point:12`, `host:3`, `tenant:5`. */
  subject?: string | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

// A refusal (gone meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', ShareRuleItem> = {
  ns: 'share.rule',
  invalidates: ['share.rulePage'],
  commands: { delete: rowDelete('share.ruleDelete', { title: 'delete', confirmLabel: 'share.rule.delete' }) },
};

const targetOf = (key: string | undefined) => {
  if (!key) return {};
  const [kind, id] = key.split(':') as [string, string];
  const n = Number(id);
  return kind === 'point' ? { pointId: n } : kind === 'host' ? { hostId: n } : { subTenantId: n };
};

export default function RulesPage() {
  const { t } = useScreen();
  const user = useUser();
  const byTenant = seesTenants(user);
  const { field, draft, apply, reset, search, table, pager } = useListPage('share.rulePage', {
    empty: EMPTY,
    body: (f) => ({ ...targetOf(f.subject), ...(f.tenantId ? { tenantId: f.tenantId } : {}) }),
  });
  // The subjects of the tenant chosen (the admin chooses one first).
  const tenantId = draft.tenantId ?? user.tenantId ?? undefined;
  const subjects = useOp(
    'share.subjects',
    { body: draft.tenantId ? { tenantId: draft.tenantId } : {} },
    { enabled: tenantId !== undefined },
  );
  const subjectOptions = useMemo(() => {
    const d = subjects.data;
    if (!d) return [];
    return [
      ...d.hosts.map((h) => [`host:${h.id}`, `${t('share.subjects.host')} · ${h.name}`] as const),
      ...d.points.map((p) => [`point:${p.id}`, `${t('share.subjects.point')} · ${p.name}`] as const),
      ...d.subTenants.map((s) => [`tenant:${s.id}`, `${t('share.subjects.tenant')} · ${s.name}`] as const),
    ];
  }, [subjects.data, t]);
  const labels = useMemo(() => new Map<string, string>(subjectOptions), [subjectOptions]);
  const [setting, setSetting] = useState<{ from?: ShareRuleItem } | null>(null);
  const [history, setHistory] = useState<ShareRuleItem | null>(null);
  const readsLog = can(user, '10-1');
  const { run, dialog } = useRowCommands(COMMANDS, {
    name: (r) => r.subjectName,
    values: (r) => ({ month: r.fromMonth }),
  });

  const columns = useMemo<Column<ShareRuleItem>[]>(
    () => [
      {
        id: 'subject',
        header: t('share.rule.subjectName'),
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
        cellTestId: 'share-rule-subject',
        render: (r) => <OverflowText text={`${t(`share.subjects.${r.subject}`)} · ${r.subjectName}`} />,
      },
      ...tenantColumn<ShareRuleItem>(byTenant, t('common.tenant'), { width: 160 }),
      {
        id: 'fromMonth',
        header: t('share.rule.fromMonth'),
        minWidth: 90,
        width: 100,
        cellTestId: 'share-rule-month',
        value: (r) => r.fromMonth,
      },
      {
        id: 'kind',
        header: t('share.rule.kind'),
        minWidth: 90,
        width: 120,
        fold: 2,
        value: (r) => t(`share.kinds.${r.kind}`),
      },
      {
        id: 'terms',
        header: t('share.rule.terms'),
        minWidth: 140,
        width: 260,
        grow: 2,
        cellTestId: 'share-rule-terms',
        render: (r) => <OverflowText text={termsText(t, r)} />,
      },
      {
        id: 'createdBy',
        header: t('share.rule.createdBy'),
        minWidth: 80,
        width: 100,
        fold: 1,
        value: (r) => r.createdBy ?? '—',
      },
      { id: 'createdAt', header: t('share.rule.createdAt'), kind: 'time', fold: 3, value: (r) => r.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 160,
        width: 220,
        shrinkLast: true,
        render: (r) => (
          <RowActions compact>
            <RowAction action={() => search({ subject: `${r.subject}:${r.subjectId}` })} testId="share-rule-timeline">
              {t('share.rule.timeline')}
            </RowAction>
            <RowAction opensDialog action={() => setSetting({ from: r })} testId="share-rule-new-version">
              {t('share.rule.create')}
            </RowAction>
            {readsLog && (
              <RowAction opensDialog action={() => setHistory(r)} testId="share-rule-history">
                {t('oplog.history.title')}
              </RowAction>
            )}
            <DeleteAction opensDialog action={() => void run('delete', r)} testId="share-rule-delete" />
          </RowActions>
        ),
      },
    ],
    [t, byTenant, search, run, readsLog],
  );

  return (
    <ListPage
      id="share-rules-title"
      title={t('share.rule.title')}
      actions={
        <CreateButton onClick={() => setSetting({})} testId="share-rule-create">
          {t('share.rule.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="share-rule-search" resetTestId="share-rule-reset">
          <ChoiceFilter
            label={t('share.rule.subjectName')}
            {...field('subject')}
            options={subjectOptions.map(([key]) => key)}
            optionLabel={(key) => labels.get(key) ?? key}
            testId="share-rule-filter-subject"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="share-rule-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('share.rule.title')}
        columns={columns}
        {...table}
        rowKey={(r) => r.id}
        rowTestId="share-rule-row"
        testId="share-rule-table"
      />
      <Pager {...pager} testId="share-rule-pager" />
      {history && (
        <HistoryDialog
          title={`${t('oplog.history.title')} · ${t('share.rule.title')} #${history.id}`}
          filter={{ entity: 'shareRule', targetId: history.id }}
          testId="share-rule-history"
          onClose={() => setHistory(null)}
        />
      )}
      {setting && <RuleFormDialog tenantId={draft.tenantId} from={setting.from} onClose={() => setSetting(null)} />}
      {dialog}
    </ListPage>
  );
}
