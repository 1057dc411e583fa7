/**
 * A day's differences (or every open one): the kind, the order or refund with
 * a link to the order, both amounts, and the explanation with who wrote it;
 * "Explain" records a note (ExplainDialog), the sheet exports what is shown.
 */
import { makeStyles, Switch, Text, tokens, type BadgeProps } from '@fluentui/react-components';
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
  ChoiceFilter,
  ExportButton,
  filterBody,
  ResourceList,
  RowAction,
  RowActions,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { orderDetailPath } from '../order/index.js';
import { ExplainDialog } from './ExplainDialog.js';

const useStyles = makeStyles({
  by: { color: tokens.colorNeutralForeground3 },
  // A badge keeps its one line: wrapped, its outline cut through the words.
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
  const { t } = useScreen();
  const styles = useStyles();
  const empty = useMemo<Filter>(() => ({ open: day === null }), [day]);
  const differences = useResource('reconciliation.differences', {
    ns: 'reconciliation',
    testId: 'recon-difference',
    empty,
    body: (f) => ({ ...filterBody(f), ...(f.open ? {} : { open: undefined }), ...(day ? { dayId: day.id } : {}) }),
  });
  const { column, source, action, labels, badge, text, filter, search } = differences;
  const [explaining, setExplaining] = useState<ReconDifference>();
  const columns = useMemo<Column<ReconDifference>[]>(
    () => [
      ...(day
        ? []
        : [
            column('day', { minWidth: 100, width: 110, value: (d) => d.day }),
            column('platform', { fold: 4, minWidth: 80, width: 100, value: (d) => labels('platforms')(d.platform) }),
          ]),
      column('kind', {
        minWidth: 150,
        width: 130,
        hideable: false,
        testId: true,
        render: badge('kinds', KIND_COLOURS, (d) => d.kind),
      }),
      column('subject', { fold: 1, minWidth: 60, width: 70, value: (d) => labels('subjects')(d.subject) }),
      column('number', {
        minWidth: 150,
        width: 200,
        render: (d) =>
          d.orderId !== null ? (
            <RouterLink to={orderDetailPath(d.orderId)} title={text('openOrder')}>
              {d.number}
            </RouterLink>
          ) : (
            d.number
          ),
      }),
      column('platformNumber', { fold: 2, minWidth: 140, width: 220, value: (d) => d.platformNumber ?? '' }),
      column('platformAmount', { kind: 'money', hideable: false, value: (d) => d.platformAmount }),
      column('consoleAmount', { kind: 'money', hideable: false, value: (d) => d.consoleAmount }),
      column('explanation', {
        fold: 3,
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
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 110,
        render: (d) => (
          <RowActions>
            <RowAction {...action('explain')} action={() => setExplaining(d)} opensDialog />
          </RowActions>
        ),
      }),
    ],
    [t, day, styles, column, action, labels, badge, text],
  );
  const title = day
    ? `${text('differences')} · ${day.day} · ${labels('platforms')(day.platform)}`
    : text('allDifferences');

  return (
    <ResourceList
      resource={differences}
      nested
      title={title}
      columns={columns}
      rowKey={(d) => d.id}
      actions={
        <ExportButton
          make={() =>
            callOp('reconciliation.export', {
              query: { lang: currentLang() },
              body: { ...filterBody(filter), ...(day ? { dayId: day.id } : {}) },
            })
          }
          saved={(count) => t('reconciliation.exported', { count })}
          testId="recon-export"
        >
          {text('export')}
        </ExportButton>
      }
      filters={<ChoiceFilter {...source('kind')} options={DIFFERENCE_KINDS} optionLabel={labels('kinds')} />}
      besideFilters={
        <Switch
          label={text('openOnly')}
          checked={filter.open}
          onChange={(_, d) => search({ ...filter, open: d.checked })}
          data-testid="recon-open-only"
        />
      }
      table={{ emptyAction: <Text>{text('emptyDifferences')}</Text> }}
    >
      {explaining && <ExplainDialog difference={explaining} onClose={() => setExplaining(undefined)} />}
    </ResourceList>
  );
}
