/**
 * /books: the books' checks as last run over the caller's tenants (the
 * admin: every tenant, or the one chosen) — each check with what it proves,
 * how long it took and whether it balanced — and every difference found,
 * opening its record. "Check now" queues a run; the page follows it until it
 * is done (a job of the upstream: sales never wait for it).
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { Link as RouterLink } from 'react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BookCheckResult, BookDifference } from '../../shared/books/index.js';
import { formatTime } from '../../shared/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import { useUser } from '../app/session.js';
import {
  ActionButton,
  DataTable,
  FilterField,
  ListPage,
  OverflowText,
  TenantDropdown,
  listView,
  seesTenants,
  tenantColumn,
  useScreen,
  type Column,
} from '../kit/index.js';
import { activityPath } from '../activity/index.js';
import { devSetPath } from '../device/index.js';
import { memberPath } from '../member/index.js';
import { orderDetailPath } from '../order/index.js';
import { statementPath } from '../share/index.js';

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground3, maxWidth: '72ch' },
  status: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
});

type Row = BookDifference & { key: BookCheckResult['key']; n: number };

/** Where a difference's record is shown: its own page, where it has one. */
function linkOf(d: BookDifference): string | null {
  if (d.subject === 'member') return memberPath(d.subjectId);
  if (d.subject === 'order' || d.subject === 'orderItem') return orderDetailPath(d.subjectId);
  if (d.subject === 'activity') return activityPath(d.subjectId);
  if (d.subject === 'statement') return statementPath(d.subjectId);
  if (d.subject === 'channel') return devSetPath(d.subjectId);
  return null;
}

export default function BooksPage() {
  const { t, notify, client } = useScreen();
  const styles = useStyles();
  const user = useUser();
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const input = { query: tenantId === undefined ? {} : { tenantId } };
  const books = useOp('books.latest', input, {
    refetchInterval: (q) => (q.state.data?.pending ? 2_000 : false),
  });
  const run = useOpMutation('books.run', { invalidates: ['books.latest'] });
  // When a run the page follows ends, its findings are read (the interval stops with it).
  const pending = books.data?.pending ?? null;
  const followed = useRef<number | null>(null);
  useEffect(() => {
    if (followed.current !== null && pending === null) void client.invalidateQueries({ queryKey: ['books.latest'] });
    followed.current = pending?.id ?? null;
  }, [pending, client]);

  const checks = books.data?.checks ?? NO_CHECKS;
  const rows = useMemo<Row[]>(
    () => checks.flatMap((c) => c.differences.map((d, n) => ({ ...d, key: c.key, n }))),
    [checks],
  );
  const checkColumns = useMemo<Column<BookCheckResult>[]>(
    () => [
      {
        id: 'check',
        header: t('books.check'),
        minWidth: 110,
        width: 150,
        hideable: false,
        cellTestId: 'books-check-name',
        value: (c) => t(`books.checks.${c.key}.name`),
      },
      {
        id: 'proves',
        header: t('books.proves'),
        minWidth: 200,
        width: 420,
        grow: 2,
        // A narrow window keeps a check's name and result; what it proves folds first.
        fold: 1,
        render: (c) => <OverflowText text={t(`books.checks.${c.key}.proves`)} />,
      },
      {
        id: 'took',
        header: t('books.took'),
        minWidth: 80,
        width: 100,
        fold: 2,
        value: (c) => t('books.ms', { ms: c.ms }),
      },
      {
        id: 'result',
        header: t('books.result'),
        minWidth: 100,
        width: 120,
        cellTestId: 'books-check-result',
        render: (c) =>
          c.differences.length === 0 ? (
            <Badge appearance="tint" color="success">
              {t('books.balanced')}
            </Badge>
          ) : (
            <Badge appearance="tint" color="danger">
              {t('books.differencesCount', { count: c.differences.length })}
            </Badge>
          ),
      },
    ],
    [t],
  );
  const differenceColumns = useMemo<Column<Row>[]>(
    () => [
      {
        id: 'check',
        header: t('books.check'),
        minWidth: 110,
        width: 140,
        fold: 1,
        value: (d) => t(`books.checks.${d.key}.name`),
      },
      ...tenantColumn<Row>(seesTenants(user), t('books.tenant'), { width: 160 }),
      {
        id: 'subject',
        header: t('books.subject'),
        minWidth: 150,
        width: 240,
        grow: 1,
        cellTestId: 'books-difference-subject',
        render: (d) => {
          const to = linkOf(d);
          const text = `${t(`books.subjects.${d.subject}`)} ${d.label}`;
          return to ? (
            <RouterLink to={to} data-testid="books-difference-open">
              <OverflowText text={text} />
            </RouterLink>
          ) : (
            <OverflowText text={text} />
          );
        },
      },
      {
        id: 'expected',
        header: t('books.expected'),
        kind: 'number',
        minWidth: 90,
        width: 120,
        value: (d) => d.expected,
      },
      {
        id: 'actual',
        header: t('books.actual'),
        kind: 'number',
        minWidth: 90,
        width: 120,
        cellTestId: 'books-difference-actual',
        value: (d) => d.actual,
      },
    ],
    [t, user],
  );

  const last = books.data?.last ?? null;
  return (
    <ListPage
      id="books-title"
      title={t('books.title')}
      actions={
        <ActionButton
          appearance="primary"
          icon={<ArrowSyncRegular />}
          busy={pending !== null}
          action={async () => {
            await run.mutateAsync({ body: tenantId === undefined ? {} : { tenantId } });
            notify(t('books.queued'));
          }}
          data-testid="books-run"
        >
          {pending ? t('books.running') : t('books.run')}
        </ActionButton>
      }
      filters={
        seesTenants(user) ? (
          <FilterField label={t('books.tenant')}>
            <TenantDropdown
              value={tenantId}
              onChange={setTenantId}
              placeholder={t('common.all')}
              clearLabel={t('common.all')}
              testId="books-filter-tenant"
            />
          </FilterField>
        ) : undefined
      }
    >
      <Text className={styles.intro}>{t('books.intro')}</Text>
      <div className={styles.status} data-testid="books-last-run">
        {books.data &&
          (last ? (
            <Text>{t('books.lastRun', { at: formatTime(last.finishedAt), kind: t(`books.kinds.${last.kind}`) })}</Text>
          ) : (
            <Text>{t('books.never')}</Text>
          ))}
      </div>
      <DataTable
        label={t('books.title')}
        columns={checkColumns}
        rows={checks}
        view={listView({ ...books, data: books.data?.checks })}
        onRetry={() => void books.refetch()}
        rowKey={(c) => c.key}
        rowTestId="books-check"
        testId="books-checks"
        size="small"
      />
      <Text as="h2" className={styles.heading}>
        {t('books.differences')}
      </Text>
      <DataTable
        label={t('books.differences')}
        columns={differenceColumns}
        rows={rows}
        view={listView({ ...books, data: books.data ? rows : undefined })}
        onRetry={() => void books.refetch()}
        rowKey={(d) => `${d.key}:${d.n}`}
        rowTestId="books-difference"
        testId="books-differences"
        size="small"
      />
    </ListPage>
  );
}

const NO_CHECKS: readonly BookCheckResult[] = [];
