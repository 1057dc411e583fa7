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
  DeleteAction,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowDelete,
  TenantFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
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
  const rules = useResource('share.rulePage', {
    ns: 'share.rule',
    testId: 'share-rule',
    empty: EMPTY,
    body: (f) => ({ ...targetOf(f.subject), ...(f.tenantId ? { tenantId: f.tenantId } : {}) }),
  });
  const { column, source, action, text, tenantColumn, draft, search } = rules;
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
  const subjectLabels = useMemo(() => new Map<string, string>(subjectOptions), [subjectOptions]);
  const [setting, setSetting] = useState<{ from?: ShareRuleItem } | null>(null);
  const [history, setHistory] = useState<ShareRuleItem | null>(null);
  const readsLog = can(user, '10-1');
  const { run, dialog } = useRowCommands(COMMANDS, {
    name: (r) => r.subjectName,
    values: (r) => ({ month: r.fromMonth }),
  });

  const columns = useMemo<Column<ShareRuleItem>[]>(
    () => [
      column('subject', {
        header: text('subjectName'),
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
        testId: true,
        render: (r) => <OverflowText text={`${t(`share.subjects.${r.subject}`)} · ${r.subjectName}`} />,
      }),
      ...tenantColumn({ width: 160 }),
      column('fromMonth', { minWidth: 90, width: 100, cellTestId: 'share-rule-month', value: (r) => r.fromMonth }),
      column('kind', { minWidth: 90, width: 120, fold: 2, value: (r) => t(`share.kinds.${r.kind}`) }),
      column('terms', {
        minWidth: 140,
        width: 260,
        grow: 2,
        testId: true,
        render: (r) => <OverflowText text={termsText(t, r)} />,
      }),
      column('createdBy', { minWidth: 80, width: 100, fold: 1, value: (r) => r.createdBy ?? '—' }),
      column('createdAt', { kind: 'time', fold: 3, value: (r) => r.createdAt }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 160,
        width: 220,
        shrinkLast: true,
        render: (r) => (
          <RowActions compact>
            <RowAction {...action('timeline')} action={() => search({ subject: `${r.subject}:${r.subjectId}` })} />
            <RowAction {...action('new-version', text('create'))} opensDialog action={() => setSetting({ from: r })} />
            {readsLog && (
              <RowAction {...action('history', t('oplog.history.title'))} opensDialog action={() => setHistory(r)} />
            )}
            <DeleteAction opensDialog action={() => void run('delete', r)} testId="share-rule-delete" />
          </RowActions>
        ),
      }),
    ],
    [t, search, run, readsLog, column, action, text, tenantColumn],
  );

  return (
    <ResourceList
      resource={rules}
      columns={columns}
      rowKey={(r) => r.id}
      actions={
        <CreateButton onClick={() => setSetting({})} testId="share-rule-create">
          {text('create')}
        </CreateButton>
      }
      filters={
        <>
          <ChoiceFilter
            {...source('subject', text('subjectName'))}
            options={subjectOptions.map(([key]) => key)}
            optionLabel={(key) => subjectLabels.get(key) ?? key}
          />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {history && (
        <HistoryDialog
          title={`${t('oplog.history.title')} · ${text('title')} #${history.id}`}
          filter={{ entity: 'shareRule', targetId: history.id }}
          testId="share-rule-history"
          onClose={() => setHistory(null)}
        />
      )}
      {setting && <RuleFormDialog tenantId={draft.tenantId} from={setting.from} onClose={() => setSetting(null)} />}
      {dialog}
    </ResourceList>
  );
}
