/**
 * A day's differences (or every open one): the kind, the order or refund with
 * a link to the order, both amounts, and the explanation with who wrote it;
 * "Explain" records a note (ExplainDialog), the sheet exports what is shown.
 */
import { Badge, makeStyles, Switch, Text, tokens, type BadgeProps } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatTime } from '../../shared/format.js';
import {
  DIFFERENCE_KINDS,
  type DifferenceKind,
  type ReconDay,
  type ReconDifference,
} from '../../shared/reconciliation/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ActionButton,
  ChoiceFilter,
  DataTable,
  filterBody,
  FilterBar,
  ListHead,
  Pager,
  RowAction,
  RowActions,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { saveSheet } from '../kit/xlsx.js';
import { orderDetailPath } from '../order/index.js';
import { ExplainDialog } from './ExplainDialog.js';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  by: { color: tokens.colorNeutralForeground3 },
  // A badge keeps its one line: wrapped, its outline cut through the words.
  badge: { whiteSpace: 'nowrap' },
});

const KIND_COLOURS: Readonly<Record<DifferenceKind, BadgeProps['color']>> = {
  amount: 'warning',
  platformOnly: 'danger',
  consoleOnly: 'important',
};

interface Filter {
  kind?: DifferenceKind | undefined;
  open: boolean;
}

export function DifferencesPanel({ day }: { day: ReconDay | null }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const empty = useMemo<Filter>(() => ({ open: day === null }), [day]);
  const { field, apply, reset, filter, search, table, pager } = useListPage('reconciliation.differences', {
    empty,
    body: (f) => ({ ...filterBody(f), ...(f.open ? {} : { open: undefined }), ...(day ? { dayId: day.id } : {}) }),
  });
  const [explaining, setExplaining] = useState<ReconDifference>();
  const columns = useMemo<Column<ReconDifference>[]>(
    () => [
      ...(day
        ? []
        : [
            {
              id: 'day',
              header: t('reconciliation.day'),
              minWidth: 100,
              width: 110,
              value: (d: ReconDifference) => d.day,
            },
            {
              id: 'platform',
              fold: 4,
              header: t('reconciliation.platform'),
              minWidth: 80,
              width: 100,
              value: (d: ReconDifference) => t(`reconciliation.platforms.${d.platform}`),
            },
          ]),
      {
        id: 'kind',
        header: t('reconciliation.kind'),
        minWidth: 150,
        width: 130,
        hideable: false,
        cellTestId: 'recon-difference-kind',
        render: (d) => (
          <Badge appearance="tint" color={KIND_COLOURS[d.kind]} className={styles.badge}>
            {t(`reconciliation.kinds.${d.kind}`)}
          </Badge>
        ),
      },
      {
        id: 'subject',
        fold: 1,
        header: t('reconciliation.subject'),
        minWidth: 60,
        width: 70,
        value: (d) => t(`reconciliation.subjects.${d.subject}`),
      },
      {
        id: 'number',
        header: t('reconciliation.number'),
        minWidth: 150,
        width: 200,
        render: (d) =>
          d.orderId !== null ? (
            <RouterLink to={orderDetailPath(d.orderId)} title={t('reconciliation.openOrder')}>
              {d.number}
            </RouterLink>
          ) : (
            d.number
          ),
      },
      {
        id: 'platformNumber',
        fold: 2,
        header: t('reconciliation.platformNumber'),
        minWidth: 140,
        width: 220,
        value: (d) => d.platformNumber ?? '',
      },
      {
        id: 'platformAmount',
        header: t('reconciliation.platformAmount'),
        kind: 'money',
        hideable: false,
        value: (d) => d.platformAmount,
      },
      {
        id: 'consoleAmount',
        header: t('reconciliation.consoleAmount'),
        kind: 'money',
        hideable: false,
        value: (d) => d.consoleAmount,
      },
      {
        id: 'explanation',
        fold: 3,
        header: t('reconciliation.explanation'),
        minWidth: 140,
        width: 240,
        grow: 2,
        cellTestId: 'recon-difference-note',
        render: (d) =>
          d.explained ? (
            <span>
              {d.explained.note}{' '}
              <Text size={200} className={styles.by}>
                {t('reconciliation.explainedBy', { by: d.explained.by, at: formatTime(d.explained.at) })}
              </Text>
            </span>
          ) : null,
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 110,
        render: (d) => (
          <RowActions>
            <RowAction action={() => setExplaining(d)} opensDialog testId="recon-difference-explain">
              {t('reconciliation.explain')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, day, styles],
  );
  const title = day
    ? `${t('reconciliation.differences')} · ${day.day} · ${t(`reconciliation.platforms.${day.platform}`)}`
    : t('reconciliation.allDifferences');

  return (
    <section className={styles.panel} aria-labelledby="recon-differences-title" data-testid="recon-differences">
      <ListHead id="recon-differences-title" title={title} as="h2">
        <ActionButton
          icon={<ArrowDownloadRegular />}
          action={async () => {
            try {
              const sheet = await callOp('reconciliation.export', {
                query: { lang: currentLang() },
                body: { ...filterBody(filter), ...(day ? { dayId: day.id } : {}) },
              });
              await saveSheet(sheet, notify, { saved: (count) => t('reconciliation.exported', { count }) });
            } catch (error) {
              report(error);
            }
          }}
          data-testid="recon-export"
        >
          {t('reconciliation.export')}
        </ActionButton>
      </ListHead>
      <div className={styles.tools}>
        <FilterBar
          label={title}
          onSearch={apply}
          onReset={reset}
          searchTestId="recon-difference-search"
          resetTestId="recon-difference-reset"
        >
          <ChoiceFilter
            label={t('reconciliation.kind')}
            {...field('kind')}
            options={DIFFERENCE_KINDS}
            optionLabel={(k) => t(`reconciliation.kinds.${k}`)}
            testId="recon-filter-kind"
          />
        </FilterBar>
        <Switch
          label={t('reconciliation.openOnly')}
          checked={filter.open}
          onChange={(_, d) => search({ ...filter, open: d.checked })}
          data-testid="recon-open-only"
        />
      </div>
      <DataTable
        label={title}
        columns={columns}
        {...table}
        rowKey={(d) => d.id}
        rowTestId="recon-difference-row"
        emptyAction={<Text>{t('reconciliation.emptyDifferences')}</Text>}
        testId="recon-differences-table"
      />
      <Pager {...pager} label={title} />
      {explaining && <ExplainDialog difference={explaining} onClose={() => setExplaining(undefined)} />}
    </section>
  );
}
