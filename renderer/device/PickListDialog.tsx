/**
 * The replenishment pick list of chosen devices (beyond the spec): by point
 * in route order with each low channel and how many to bring, and totalled by
 * product; exported to Excel (the native save dialog on the desktop, a
 * download in browser mode) or printed.
 */
import { formatDay } from '../../shared/format.js';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStaticStyles,
  makeStyles,
  mergeClasses,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ClipboardTaskListLtrRegular, PrintRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOp } from '../bridge.js';
import { saveFile } from '../app/save.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useGuardedAction } from '../kit/index.js';
import { StockCountDialog } from './StockCountDialog.js';

/** Printing while the pick list is open prints the pick list alone: the console behind it and the dialog's buttons stay off the paper. */
const usePrintStyles = makeStaticStyles(`@media print {
  #root { display: none !important; }
  .vend-pick-surface { position: static !important; max-width: none !important; box-shadow: none !important; border: 0 !important; }
  .vend-pick-surface [data-testid="pick-list"] { max-height: none !important; overflow: visible !important; }
  .vend-pick-actions { display: none !important; }
}`);

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 96vw)' },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '65vh',
    overflowY: 'auto',
  },
  point: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { textAlign: 'end' },
  count: { marginInlineStart: tokens.spacingHorizontalXS },
});

export function PickListDialog({ deviceIds, onClose }: { deviceIds: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  usePrintStyles();
  const notify = useNotify();
  const report = useReport();
  const list = useOp('device.pickList', { body: { deviceIds: [...deviceIds] } }, { staleTime: 0 });
  const [counting, setCounting] = useState<{ id: number; name: string } | null>(null);

  const exportXlsx = useGuardedAction(async () => {
    if (!list.data) return;
    try {
      const { pickListXlsx } = await import('./pickListXlsx.js');
      const texts = {
        sheetByPoint: t('device.care.sheetByPoint'),
        sheetByProduct: t('device.care.sheetByProduct'),
        point: t('device.care.point'),
        address: t('device.care.address'),
        device: t('device.care.device'),
        channel: t('device.care.channel'),
        product: t('device.care.product'),
        productNumber: t('device.care.productNumber'),
        stock: t('device.care.stock'),
        capacity: t('device.care.capacity'),
        fill: t('device.care.fill'),
        noPoint: t('device.care.noPoint'),
      };
      const data = await pickListXlsx(list.data, texts);
      const name = `${t('device.care.pickTitle')}-${formatDay(Date.now())}.xlsx`;
      if (await saveFile(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data))
        notify(t('device.care.exported'));
    } catch (error) {
      report(error, { fallback: t('device.care.exportFailed') });
    }
  });

  const data = list.data;
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface className={mergeClasses(styles.surface, 'vend-pick-surface')} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('device.care.pickTitle')}</DialogTitle>
          <DialogContent className={styles.content} data-testid="pick-list">
            {list.isPending ? (
              <Spinner size="small" />
            ) : list.isError ? (
              <Text>{t('device.care.pickFailed')}</Text>
            ) : !data || !data.totalFill ? (
              <Text data-testid="pick-empty">{t('device.care.pickEmpty')}</Text>
            ) : (
              <>
                <Text weight="semibold" data-testid="pick-total">
                  {t('device.care.pickTotal', { count: data.totalFill })}
                </Text>
                <Text weight="semibold">{t('device.care.byPoint')}</Text>
                {data.points.map((p) => (
                  <div key={p.pointId ?? 'none'} className={styles.point}>
                    <Text>
                      {p.pointName ?? t('device.care.noPoint')} <span className={styles.muted}>{p.address ?? ''}</span>
                    </Text>
                    <Table size="small" aria-label={p.pointName ?? t('device.care.noPoint')}>
                      <TableHeader>
                        <TableRow>
                          <TableHeaderCell>{t('device.care.device')}</TableHeaderCell>
                          <TableHeaderCell>{t('device.care.channel')}</TableHeaderCell>
                          <TableHeaderCell>{t('device.care.product')}</TableHeaderCell>
                          <TableHeaderCell className={styles.number}>{t('device.care.stock')}</TableHeaderCell>
                          <TableHeaderCell className={styles.number}>{t('device.care.fill')}</TableHeaderCell>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {p.devices.flatMap((d) =>
                          d.channels.map((c, i) => (
                            <TableRow key={`${d.id}-${c.number}`} data-testid="pick-row">
                              <TableCell>
                                {d.name}
                                {i === 0 && (
                                  // The count is taken at the machine, before it is filled: from here, on the visit.
                                  <Button
                                    size="small"
                                    appearance="subtle"
                                    icon={<ClipboardTaskListLtrRegular />}
                                    className={mergeClasses(styles.count, 'vend-pick-actions')}
                                    onClick={() => setCounting({ id: d.id, name: d.name })}
                                    aria-label={`${t('device.care.count.action')} ${d.name}`}
                                    data-testid="pick-count"
                                  >
                                    {t('device.care.count.action')}
                                  </Button>
                                )}
                              </TableCell>
                              <TableCell>{c.number}</TableCell>
                              <TableCell>{c.productName}</TableCell>
                              <TableCell className={styles.number}>{`${c.stock} / ${c.capacity}`}</TableCell>
                              <TableCell className={styles.number}>{c.fill}</TableCell>
                            </TableRow>
                          )),
                        )}
                      </TableBody>
                    </Table>
                  </div>
                ))}
                <Text weight="semibold">{t('device.care.byProduct')}</Text>
                <Table size="small" aria-label={t('device.care.byProduct')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('device.care.productNumber')}</TableHeaderCell>
                      <TableHeaderCell>{t('device.care.product')}</TableHeaderCell>
                      <TableHeaderCell className={styles.number}>{t('device.care.fill')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.products.map((p) => (
                      <TableRow key={p.productId} data-testid="pick-product">
                        <TableCell>{p.number}</TableCell>
                        <TableCell>{p.name}</TableCell>
                        <TableCell className={styles.number}>{p.fill}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </DialogContent>
          <DialogActions className="vend-pick-actions">
            <Button
              icon={<PrintRegular />}
              disabled={!data?.totalFill}
              onClick={() => window.print()}
              data-testid="pick-print"
            >
              {t('device.care.print')}
            </Button>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={!data?.totalFill}
              disabledFocusable={exportXlsx.busy}
              onClick={() => void exportXlsx.run()}
              data-testid="pick-export"
            >
              {t('device.care.exportXlsx')}
            </Button>
            <Button appearance="primary" onClick={onClose} data-testid="pick-close">
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
        {/* Nested in the pick list's surface, as Fluent nests a dialog: the pick list stays behind it. */}
        {counting && <StockCountDialog device={counting} onClose={() => setCounting(null)} />}
      </DialogSurface>
    </Dialog>
  );
}
