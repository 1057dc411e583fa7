/**
 * /shares/statement?id= (hidden beneath the statements): one statement —
 * its figures, its lines with the rule each applied and the days it covers,
 * the month's adjustments, and what each line sums by day and device. Its
 * next step is offered here as on the list; the paying side adjusts a month
 * not issued (the month's next close takes the adjustment in).
 */
import { Badge, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import type { ShareAdjustment, ShareDay, ShareLine, ShareStatementDetail } from '../../shared/share/index.js';
import { useDetail } from '../app/detail.js';
import {
  ActionButton,
  Choice,
  DataTable,
  DetailPage,
  InfoList,
  ListPage,
  OverflowText,
  ResourceList,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { AdjustDialog } from './AdjustDialog.js';
import { STATEMENTS_PATH } from './paths.js';
import { printStatement, statementFileName } from './printStatement.js';
import { usePrintArea } from '../kit/print.js';
import { StatementDocument } from './StatementDocument.js';
import { STATE_COLOR, StatementStepAction } from './StatementActions.js';
import { lineName, termsText } from './terms.js';
import { useCloses } from './useCloses.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function StatementPage() {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  usePrintArea();
  const [adjusting, setAdjusting] = useState(false);
  // Set once the adjustment dialog opened: only then may a close be under way for this page to follow.
  const [following, setFollowing] = useState(false);
  const { gate, data, back } = useDetail('share.statementInfo', {
    backTo: STATEMENTS_PATH,
    backLabel: t('common.back'),
    testId: 'share-statement-page',
    notFoundCode: CODE.shareStatementNotFound,
    invalidId: t('share.statement.notFound'),
  });
  // An adjustment asks for the month's close: the page follows it to its end (no read of the closes before that).
  useCloses(data?.tenantId, 'share.statementInfo', following && data !== undefined);
  if (gate) return gate;
  const s = data;
  return (
    <DetailPage
      id="share-statement-page"
      title={t('share.statement.detailTitle', { name: s.partyName, month: s.month })}
      back={back}
      wide
      titleTestId="share-statement-title"
      actions={
        <div className={styles.actions}>
          <Badge appearance="tint" color={STATE_COLOR[s.state]} data-testid="share-statement-page-state">
            {t(`share.states.${s.state}`)}
          </Badge>
          {s.state === 'draft' && !s.mine && (
            <ActionButton
              opensDialog
              action={() => {
                setAdjusting(true);
                setFollowing(true);
              }}
              data-testid="share-adjust-open"
            >
              {t('share.statement.adjust')}
            </ActionButton>
          )}
          <ActionButton
            icon={<PrintRegular />}
            action={async () => {
              try {
                if (await printStatement(statementFileName(s.partyName, s.month))) notify(t('share.statement.saved'));
              } catch (error) {
                report(error);
              }
            }}
            data-testid="share-statement-print"
          >
            {t('share.statement.print')}
          </ActionButton>
          <StatementStepAction statement={s} />
        </div>
      }
    >
      {s.stale && s.state === 'draft' && (
        <MessageBar intent="warning" data-testid="share-statement-stale-hint">
          <MessageBarBody>{t('share.statement.staleHint')}</MessageBarBody>
        </MessageBar>
      )}
      <StatementDocument statement={s} />
      <div className={styles.body}>
        <InfoList items={facts(s, t)} />
        <Text className={styles.note} data-testid="share-statement-streams">
          {t('share.statement.streams')}
        </Text>
        <Lines statement={s} />
        <Adjustments list={s.adjustmentList} />
        <Days statement={s} />
      </div>
      {adjusting && <AdjustDialog statement={s} onClose={() => setAdjusting(false)} />}
    </DetailPage>
  );
}

type T = ReturnType<typeof useScreen>['t'];

function facts(s: ShareStatementDetail, t: T) {
  const when = (at: string | null) => (at ? formatTime(at) : '—');
  return [
    { label: t('share.statement.party'), value: t(`share.parties.${s.party}`) },
    { label: t('share.statement.payer'), value: s.tenantName },
    { label: t('share.statement.sales'), value: formatYuan(s.sales) },
    { label: t('share.statement.refunds'), value: formatYuan(s.refunds) },
    { label: t('share.statement.net'), value: formatYuan(s.net) },
    { label: t('share.statement.share'), value: formatYuan(s.share) },
    { label: t('share.statement.adjustments'), value: formatYuan(s.adjustments) },
    { label: t('share.statement.total'), value: formatYuan(s.total), testId: 'share-statement-page-total' },
    { label: t('share.statement.computedAt'), value: when(s.computedAt) },
    { label: t('share.statement.issuedAt'), value: when(s.issuedAt) },
    { label: t('share.statement.confirmedAt'), value: when(s.confirmedAt) },
    ...(s.confirmedBy ? [{ label: t('share.statement.confirmedBy'), value: s.confirmedBy }] : []),
    { label: t('share.statement.paidAt'), value: when(s.paidAt) },
    ...(s.paymentRef ? [{ label: t('share.statement.reference'), value: s.paymentRef }] : []),
  ];
}

/** A small table of rows already in hand (a statement's lines, its adjustments): the kit's table without paging. */
const shown = <R,>(rows: readonly R[]) => ({
  rows,
  view: rows.length ? ('rows' as const) : ('empty' as const),
  busy: false,
});

function Lines({ statement }: { statement: ShareStatementDetail }) {
  const { t } = useScreen();
  const columns = useMemo<Column<ShareLine>[]>(
    () => [
      {
        id: 'label',
        header: t('share.statement.label'),
        minWidth: 140,
        width: 200,
        grow: 2,
        hideable: false,
        render: (l) => <OverflowText text={`${t(`share.subjects.${l.subject}`)} · ${lineName(t, l)}`} />,
      },
      {
        id: 'rule',
        header: t('share.statement.rule'),
        minWidth: 160,
        width: 260,
        grow: 2,
        render: (l) => <OverflowText text={termsText(t, l)} />,
      },
      {
        id: 'period',
        header: t('share.statement.period'),
        minWidth: 176,
        width: 190,
        fold: 1,
        value: (l) => `${l.fromDay} – ${l.toDay}`,
      },
      { id: 'days', header: t('share.statement.days'), kind: 'number', minWidth: 56, value: (l) => l.days },
      { id: 'sales', header: t('share.statement.sales'), kind: 'money', fold: 2, value: (l) => l.sales },
      { id: 'refunds', header: t('share.statement.refunds'), kind: 'money', fold: 3, value: (l) => l.refunds },
      { id: 'net', header: t('share.statement.net'), kind: 'money', value: (l) => l.net },
      {
        id: 'by',
        header: t('share.statement.decidedBy'),
        minWidth: 80,
        fold: 4,
        value: (l) => (l.by && l.kind === 'greater' ? t(`share.by.${l.by}`) : ''),
      },
      {
        id: 'share',
        header: t('share.statement.share'),
        kind: 'money',
        cellTestId: 'share-line-share',
        value: (l) => l.share,
      },
    ],
    [t],
  );
  return (
    <ListPage id="share-lines-title" title={t('share.statement.lines')} nested>
      <DataTable
        label={t('share.statement.lines')}
        columns={columns}
        {...shown(statement.lines)}
        rowKey={(l) => l.id}
        rowTestId="share-line-row"
        testId="share-line-table"
      />
    </ListPage>
  );
}

function Adjustments({ list }: { list: readonly ShareAdjustment[] }) {
  const { t } = useScreen();
  const columns = useMemo<Column<ShareAdjustment>[]>(
    () => [
      { id: 'amount', header: t('share.statement.amount'), kind: 'money', value: (a) => a.amount },
      {
        id: 'reason',
        header: t('share.statement.reason'),
        minWidth: 160,
        width: 320,
        grow: 2,
        hideable: false,
        render: (a) => <OverflowText text={a.reason} />,
      },
      { id: 'createdBy', header: t('share.statement.createdBy'), minWidth: 90, value: (a) => a.createdBy ?? '—' },
      { id: 'createdAt', header: t('share.statement.createdAt'), kind: 'time', value: (a) => a.createdAt },
    ],
    [t],
  );
  return (
    <ListPage id="share-adjustments-title" title={t('share.statement.adjustmentList')} nested>
      {list.length === 0 ? (
        <Text data-testid="share-no-adjustments">{t('share.statement.noAdjustments')}</Text>
      ) : (
        <DataTable
          label={t('share.statement.adjustmentList')}
          columns={columns}
          {...shown(list)}
          rowKey={(a) => a.id}
          rowTestId="share-adjustment-row"
          testId="share-adjustment-table"
        />
      )}
    </ListPage>
  );
}

const NO_LINE: { lineId?: number | undefined } = {};

function Days({ statement }: { statement: ShareStatementDetail }) {
  const { t } = useScreen();
  const days = useResource('share.statementDays', {
    ns: 'share.statement',
    testId: 'share-day',
    empty: NO_LINE,
    params: { id: statement.id },
    pageSize: 50,
  });
  const { column, text, filter, search } = days;
  const columns = useMemo<Column<ShareDay>[]>(
    () => [
      column('day', { minWidth: 96, width: 110, value: (d) => d.day }),
      column('device', {
        minWidth: 120,
        width: 200,
        grow: 1,
        hideable: false,
        render: (d) => <OverflowText text={d.deviceName} />,
      }),
      column('point', {
        minWidth: 120,
        width: 200,
        grow: 1,
        render: (d) => <OverflowText text={d.pointName ?? '—'} />,
      }),
      column('sales', { kind: 'money', value: (d) => d.sales }),
      column('refunds', { header: text('dayRefunds'), kind: 'money', value: (d) => d.refunds }),
    ],
    [column, text],
  );
  return (
    <ResourceList
      resource={days}
      nested
      title={text('byDay')}
      columns={columns}
      rowKey={(d) => `${d.lineId}:${d.day}:${d.deviceId}`}
      actions={
        statement.lines.length > 1 ? (
          <Choice
            value={filter.lineId === undefined ? undefined : String(filter.lineId)}
            onChange={(v) => search({ lineId: v === undefined ? undefined : Number(v) })}
            options={statement.lines.map((l) => String(l.id))}
            label={(id) => statement.lines.find((l) => String(l.id) === id)?.label ?? id}
            all={t('share.statement.allLines')}
            testId="share-days-line"
          />
        ) : undefined
      }
    />
  );
}
