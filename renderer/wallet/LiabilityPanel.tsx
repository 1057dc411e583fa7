/**
 * The stored value the tenants owe their members over a business month (wallet.liability): per tenant, what the
 * wallets held at its start, each kind of move in it, and what they held at its end — opening plus the moves is
 * closing —, with its export to Excel.
 */
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { businessDay } from '../../shared/business-time.js';
import { formatYuan } from '../../shared/format.js';
import { WALLET_MOVE_KINDS, walletMonth, type LiabilityRow } from '../../shared/wallet/index.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useOp } from '../bridge.js';
import { ActionButton, DataTable, ListHead, listView, useScreen, type Column } from '../kit/index.js';
import { saveSheet, sheetsXlsx } from '../kit/xlsx.js';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Parts = LiabilityRow['opening'];
const total = (p: Parts) => p.principal + p.bonus;
const COLUMNS = ['opening', ...WALLET_MOVE_KINDS, 'closing'] as const;
type Figure = (typeof COLUMNS)[number];
const figure = (r: LiabilityRow, f: Figure) => total(f === 'opening' || f === 'closing' ? r[f] : r.moves[f]);

export function LiabilityPanel({ tenantId }: { tenantId: number | undefined }) {
  const { t } = useScreen();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const [month, setMonth] = useState(() => businessDay().slice(0, 7));
  const valid = walletMonth.safeParse(month).success;
  const rows = useOp(
    'wallet.liability',
    { body: { month, ...(tenantId === undefined ? {} : { tenantId }) } },
    { enabled: valid },
  );
  const columns = useMemo<Column<LiabilityRow>[]>(
    () => [
      { id: 'tenant', header: t('common.tenant'), minWidth: 140, width: 200, grow: 1, value: (r) => r.tenantName },
      ...COLUMNS.map((f): Column<LiabilityRow> => ({
        id: f,
        header: t(`wallet.liability.${f}`),
        kind: 'money',
        minWidth: 100,
        width: 120,
        cellTestId: `liability-${f}`,
        value: (r) => formatYuan(figure(r, f)),
      })),
    ],
    [t],
  );
  const exportSheet = async () => {
    try {
      const list = rows.data ?? [];
      const data = await sheetsXlsx([
        {
          name: t('wallet.liability.title'),
          columns: [
            { header: t('common.tenant'), width: 24 },
            ...COLUMNS.map((f) => ({ header: t(`wallet.liability.${f}`), format: '#,##0.00' })),
          ],
          rows: list.map((r) => [r.tenantName, ...COLUMNS.map((f) => figure(r, f) / 100)]),
        },
      ]);
      await saveSheet({ name: `${t('wallet.liability.title')}-${month}.xlsx`, data, rows: list.length }, notify, {
        saved: (n) => t('wallet.liability.saved', { count: n }),
        none: t('wallet.liability.none'),
      });
    } catch (error) {
      report(error);
    }
  };
  return (
    <div className={styles.section}>
      <ListHead id="stored-value-liability" title={t('wallet.liability.title')} as="h2">
        <ActionButton
          action={exportSheet}
          disabledReason={rows.data ? undefined : t('wallet.liability.none')}
          data-testid="liability-export"
        >
          {t('wallet.liability.export')}
        </ActionButton>
      </ListHead>
      <div className={styles.bar}>
        <Field label={t('wallet.liability.month')} validationMessage={valid ? undefined : t('wallet.validation.month')}>
          <Input type="month" value={month} onChange={(_, d) => setMonth(d.value)} data-testid="liability-month" />
        </Field>
      </div>
      <DataTable
        label={t('wallet.liability.title')}
        columns={columns}
        rows={rows.data ?? []}
        view={listView({ ...rows, data: rows.data ? { list: rows.data, total: rows.data.length } : undefined })}
        onRetry={() => void rows.refetch()}
        rowKey={(r) => r.tenantId}
        rowTestId="liability-row"
        testId="liability"
        size="small"
      />
    </div>
  );
}
