/**
 * /freshFood/shrink (beyond spec §2; docs/domains/fresh-shrink.md): what went
 * missing, per month, machine and product — refilled, sold, thrown away,
 * the visits' counts, the other differences, the units nobody can account
 * for and their value at cost — with the filter's totals above the table;
 * by month, tenant, or only the rows with shrink; exported as shown.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { ShrinkRow } from '../../shared/fresh/index.js';
import { callOp, useOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ChoiceFilter,
  ExportButton,
  OverflowText,
  ResourceList,
  TenantFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { lastMonths } from './months.js';

interface Filter {
  month?: string | undefined;
  tenantId?: number | undefined;
  /** 'losses': only the rows with shrink. */
  rows?: 'losses' | undefined;
}

const useStyles = makeStyles({
  total: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The filter as the upstream takes it. */
const bodyOf = ({ rows, ...f }: Filter) => ({
  ...(f.month ? { month: f.month } : {}),
  ...(f.tenantId !== undefined ? { tenantId: f.tenantId } : {}),
  ...(rows === 'losses' ? { losses: true } : {}),
});

/** A difference with its sign: +1, -3, 0. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export default function ShrinkPage() {
  const { t } = useScreen();
  const months = useMemo(lastMonths, []);
  const empty = useMemo<Filter>(() => ({ month: months[0] }), [months]);
  const shrink = useResource('fresh.shrink', { ns: 'fresh.shrink', testId: 'fresh-shrink', empty, body: bodyOf });
  const { column, source, tenantColumn, filter } = shrink;
  const columns = useMemo<Column<ShrinkRow>[]>(
    () => [
      column('month', { value: (r) => r.month, minWidth: 80, width: 90, fold: 1 }),
      column('device', { render: (r) => <OverflowText text={r.deviceName} />, minWidth: 140, width: 200, grow: 1 }),
      column('product', {
        render: (r) => <OverflowText text={r.productName} />,
        minWidth: 120,
        width: 180,
        grow: 1,
        testId: true,
      }),
      column('refilled', { kind: 'number', value: (r) => r.refilled, fold: 3, testId: true }),
      column('sold', { kind: 'number', value: (r) => r.sold, fold: 3, testId: true }),
      column('wasted', { kind: 'number', value: (r) => r.wasted, fold: 2 }),
      column('counted', { kind: 'number', value: (r) => signed(r.counted), fold: 4, testId: true }),
      column('adjusted', { kind: 'number', value: (r) => signed(r.adjusted), fold: 4, testId: true }),
      column('missing', { kind: 'number', value: (r) => r.missing, testId: true }),
      column('cost', { kind: 'money', value: (r) => r.cost ?? t('fresh.shrink.noCost'), fold: 2 }),
      column('value', { kind: 'money', value: (r) => r.value, testId: true }),
      ...tenantColumn({ width: 140 }),
    ],
    [t, column, tenantColumn],
  );
  return (
    <ResourceList
      resource={shrink}
      columns={columns}
      rowKey={(r) => `${r.month}-${r.deviceId}-${r.productId}`}
      intro={t('fresh.shrink.intro')}
      actions={
        <ExportButton
          make={() => callOp('fresh.shrinkExport', { query: { lang: currentLang() }, body: bodyOf(filter) })}
          saved={(count) => t('fresh.shrink.exported', { count })}
          testId="fresh-shrink-export"
        >
          {t('fresh.shrink.export')}
        </ExportButton>
      }
      aboveTable={<ShrinkTotals filter={filter} />}
      filters={
        <>
          <ChoiceFilter {...source('month')} options={months} optionLabel={(m) => m} />
          <ChoiceFilter
            {...source('rows')}
            options={['losses'] as const}
            optionLabel={() => t('fresh.shrink.losses')}
          />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}

/** The applied filter's totals: units missing and their value at cost, units found, units without a cost. */
function ShrinkTotals({ filter }: { filter: Filter }) {
  const { t } = useScreen();
  const styles = useStyles();
  const total = useOp('fresh.shrinkTotal', { body: bodyOf(filter) });
  if (total.isError) return <Text className={styles.muted}>{t('fresh.shrink.totalFailed')}</Text>;
  if (!total.data) return null;
  const { missing, found, value, unvalued } = total.data;
  return (
    <div className={styles.total} data-testid="fresh-shrink-total" role="status">
      <Text weight="semibold">{t('fresh.shrink.total', { missing, found, value: formatYuan(value) })}</Text>
      {unvalued > 0 && <Text className={styles.muted}>{t('fresh.shrink.unvalued', { count: unvalued })}</Text>}
    </div>
  );
}
