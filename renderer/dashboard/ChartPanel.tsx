/**
 * One of the dashboard's figures as a chart or, for those who would rather
 * read, as a table (the kit's DataTable) — the same rows either way — with
 * its rows exportable to an Excel sheet. The chart module (echarts) loads
 * lazily, after the page.
 */
import {
  Button,
  Card,
  makeStyles,
  mergeClasses,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ChartMultipleRegular, TableRegular } from '@fluentui/react-icons';
import type { RowData } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { saveFile } from '../app/save.js';
import { DataTable, useGuardedAction, type Column, type ListView, useScreen } from '../kit/index.js';
// Not through the kit's index: it is on the sign-in page, and sheets are made only after it.
import { sheetsXlsx, XLSX_MIME } from '../kit/xlsx.js';
import type { ChartSpec } from './chartSpec.js';
import type * as EChartModule from './EChart.js';

/** The charts' chunk (echarts) starts loading with this module, beside the dashboard's first reads, not after them. */
type ChartModule = typeof EChartModule;
let loadedChart: ChartModule | null = null;
const chartModule = import('./EChart.js').then((m) => (loadedChart = m));

/**
 * The chart component once its chunk is there — at once when it already is.
 * Not React.lazy in a Suspense boundary: a boundary that showed its fallback
 * is revealed no sooner than 300 ms later (React throttles reveals), which
 * held every chart back that long even when the chunk came first.
 */
function useChart() {
  const [chart, setChart] = useState(loadedChart);
  useEffect(() => {
    if (!chart) void chartModule.then(setChart);
  }, [chart]);
  return chart?.default ?? null;
}

const useStyles = makeStyles({
  card: { minWidth: 0, padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  // The whole row of the grid it is in: always, or while it is a table (its columns need the room).
  wide: { gridColumn: '1 / -1' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { flexGrow: 1, minWidth: '8em' },
  body: { height: '300px', minWidth: 0, position: 'relative' },
  centre: {
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

export interface ChartPanelProps<Row extends RowData> {
  /** data-testid prefix: `<id>-chart`, `<id>-table`, `<id>-export`. */
  id: string;
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly Column<Row>[];
  chart: ChartSpec;
  view: ListView;
  onRetry?: () => void;
  /** The sheet's and the file's name. */
  fileName: string;
  /** Spans the row of the grid it is in. */
  wide?: boolean;
}

type Mode = 'chart' | 'table';

export function ChartPanel<Row extends RowData>({
  id,
  title,
  rows,
  rowKey,
  columns,
  chart,
  view,
  onRetry,
  fileName,
  wide = false,
}: ChartPanelProps<Row>) {
  const { t, notify, report } = useScreen();
  const EChart = useChart();
  const styles = useStyles();
  const [mode, setMode] = useState<Mode>('chart');

  const exportSheet = useGuardedAction(async () => {
    try {
      // Money as yuan numbers with two decimals: a sheet adds them up.
      const sheet = {
        name: title,
        columns: columns.map((c) => ({
          header: c.header,
          width: c.kind === 'money' || c.kind === 'number' ? 14 : 28,
          ...(c.kind === 'money' ? { format: '#,##0.00' } : {}),
        })),
        rows: rows.map((row) =>
          columns.map((c) => {
            const value = c.value?.(row) ?? '';
            return c.kind === 'money' && typeof value === 'number' ? value / 100 : value;
          }),
        ),
      };
      const data = await sheetsXlsx([sheet]);
      if (await saveFile(`${fileName}.xlsx`, XLSX_MIME, data)) notify(t('dashboard.charts.exported'));
    } catch (error) {
      report(error, { fallback: t('dashboard.charts.exportFailed') });
    }
  });

  return (
    <Card className={mergeClasses(styles.card, (wide || mode === 'table') && styles.wide)} data-testid={`${id}-panel`}>
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {title}
        </Text>
        <TabList size="small" selectedValue={mode} onTabSelect={(_, d) => setMode(d.value as Mode)} aria-label={title}>
          <Tab value="chart" icon={<ChartMultipleRegular />} data-testid={`${id}-show-chart`}>
            {t('dashboard.charts.chart')}
          </Tab>
          <Tab value="table" icon={<TableRegular />} data-testid={`${id}-show-table`}>
            {t('dashboard.charts.table')}
          </Tab>
        </TabList>
        <Button
          size="small"
          appearance="subtle"
          icon={<ArrowDownloadRegular />}
          disabled={view !== 'rows' || exportSheet.busy}
          onClick={exportSheet.run}
          data-testid={`${id}-export`}
        >
          {t('dashboard.charts.export')}
        </Button>
      </div>
      <div className={styles.body}>
        {mode === 'table' ? (
          <DataTable
            label={title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            view={view}
            onRetry={onRetry}
            size="small"
            maxHeight="300px"
            testId={`${id}-table`}
          />
        ) : view === 'loading' ? (
          <div className={styles.centre}>
            <Spinner size="small" label={t('dashboard.charts.loading')} />
          </div>
        ) : view === 'error' ? (
          <div className={styles.centre}>
            <Text>{t('dashboard.loadFailed')}</Text>
            {onRetry && (
              <Button appearance="transparent" onClick={onRetry}>
                {t('dashboard.retry')}
              </Button>
            )}
          </div>
        ) : view === 'empty' ? (
          <div className={styles.centre} data-testid={`${id}-empty`}>
            <Text>{t('dashboard.charts.empty')}</Text>
          </div>
        ) : EChart ? (
          <EChart spec={chart} label={title} testId={`${id}-chart`} />
        ) : (
          <div className={styles.centre}>
            <Spinner size="small" label={t('dashboard.charts.loading')} />
          </div>
        )}
      </div>
    </Card>
  );
}
