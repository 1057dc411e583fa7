/**
 * A tenant's member grades on /memberCenter/storedValue (shared/member/grades.ts): the ladder, lowest first,
 * with the spend that reaches each grade, the points it multiplies and how many members hold it; add, edit and
 * delete a grade, change the window of spend they count, and regrade now rather than tonight.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { formatTime, formatYuan } from '../../shared/format.js';
import type { MemberGrade } from '../../shared/member/index.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  ActionButton,
  DataTable,
  DeleteAction,
  EditAction,
  forTenant,
  ListHead,
  listView,
  rowDelete,
  RowActions,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { GradeDialog, GradeWindowDialog } from './GradeDialogs.js';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const COMMANDS: RowCommands<'delete', MemberGrade> = {
  ns: 'member.grades',
  invalidates: ['member.grades', 'member.page', 'member.info', 'activity.choices'],
  commands: { delete: rowDelete('member.deleteGrade') },
};

export function GradesPanel({ tenantId }: { tenantId: number | undefined }) {
  const { t } = useScreen();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const ladder = useOp('member.grades', { body: forTenant(tenantId) });
  const regrade = useOpMutation('member.regrade', { invalidates: ['member.grades', 'member.page', 'member.info'] });
  const [editing, setEditing] = useState<MemberGrade | 'new' | 'window'>();
  const { run, dialog } = useRowCommands(COMMANDS, { name: (g) => g.name });
  const columns = useMemo<Column<MemberGrade>[]>(
    () => [
      { id: 'name', header: t('member.grades.name'), minWidth: 120, width: 180, grow: 1, value: (g) => g.name },
      {
        id: 'minSpend',
        header: t('member.grades.minSpend'),
        kind: 'money',
        minWidth: 100,
        width: 130,
        cellTestId: 'grade-spend',
        value: (g) => formatYuan(g.minSpend),
      },
      {
        id: 'pointsPercent',
        header: t('member.grades.pointsPercent'),
        kind: 'number',
        minWidth: 80,
        width: 100,
        value: (g) => t('member.grades.rate', { rate: g.pointsPercent / 100 }),
      },
      {
        id: 'members',
        header: t('member.grades.members'),
        kind: 'number',
        minWidth: 80,
        width: 100,
        cellTestId: 'grade-members',
        value: (g) => g.members,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 170,
        render: (g) => (
          <RowActions compact>
            <EditAction opensDialog action={() => setEditing(g)} testId="grade-edit" />
            <DeleteAction opensDialog action={() => void run('delete', g)} testId="grade-delete" />
          </RowActions>
        ),
      },
    ],
    [t, run],
  );
  const l = ladder.data;
  const regradeNow = async () => {
    try {
      await regrade.mutateAsync({ body: forTenant(tenantId) });
      notify(t('member.grades.regraded'));
    } catch (error) {
      report(error);
    }
  };
  return (
    <div className={styles.section}>
      <ListHead id="stored-value-grades" title={t('member.grades.title')} as="h2">
        <ActionButton
          action={regradeNow}
          disabledReason={l?.grades.length ? undefined : t('member.grades.empty')}
          data-testid="grades-regrade"
        >
          {t('member.grades.regrade')}
        </ActionButton>
        <Button onClick={() => setEditing('window')} disabled={!l} data-testid="grades-window">
          {t('member.grades.window')}
        </Button>
        <Button appearance="primary" onClick={() => setEditing('new')} data-testid="grades-add">
          {t('member.grades.add')}
        </Button>
      </ListHead>
      {l && (
        <Text data-testid="grades-rule">
          {t('member.grades.rule', { days: l.windowDays })}{' '}
          {l.gradedAt ? t('member.grades.gradedAt', { time: formatTime(l.gradedAt) }) : t('member.grades.never')}
        </Text>
      )}
      <DataTable
        label={t('member.grades.title')}
        columns={columns}
        rows={l?.grades ?? []}
        view={listView({ ...ladder, data: l ? { list: l.grades, total: l.grades.length } : undefined })}
        onRetry={() => void ladder.refetch()}
        rowKey={(g) => g.id}
        rowTestId="grade-row"
        testId="grades"
        size="small"
        emptyAction={<Text>{t('member.grades.empty')}</Text>}
      />
      {(editing === 'new' || (editing && typeof editing === 'object')) && (
        <GradeDialog
          grade={editing === 'new' ? undefined : editing}
          tenantId={tenantId}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editing === 'window' && l && (
        <GradeWindowDialog ladder={l} tenantId={tenantId} onClose={() => setEditing(undefined)} />
      )}
      {dialog}
    </div>
  );
}
