/**
 * The export records: the caller's own e-mail exports (the last 50), each
 * with its state — queued, writing, sent or failed — its range and when its
 * link stops working. Refreshed every few seconds while one is still under
 * way: the job runs on the upstream, whichever instance took it.
 */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_LIMITS, type ExportJob } from '../../shared/order/index.js';
import { useOp } from '../bridge.js';
import { formatDateTime } from '../app/format.js';
import { DataTable, listView, type Column } from '../kit/index.js';

const useStyles = makeStyles({
  surface: { maxWidth: '1000px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** How often the records are asked again while a job is queued or writing. */
const POLL_MS = 3000;
const STATE_COLORS = { queued: 'informative', running: 'warning', done: 'success', failed: 'danger' } as const;
const underWay = (jobs: readonly ExportJob[] | undefined) =>
  jobs?.some((j) => j.state === 'queued' || j.state === 'running') ?? false;

export function ExportRecordsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const jobs = useOp(
    'order.exports',
    { body: {} },
    { refetchInterval: (q) => (underWay(q.state.data) ? POLL_MS : false) },
  );
  const columns = useMemo<Column<ExportJob>[]>(
    () => [
      { id: 'createdAt', header: t('order.exports.createdAt'), kind: 'time', value: (j) => j.createdAt },
      {
        id: 'state',
        header: t('order.exports.state'),
        minWidth: 88,
        width: 96,
        cellTestId: 'export-state',
        render: (j) => (
          <Badge appearance="tint" color={STATE_COLORS[j.state]}>
            {t(`order.exports.states.${j.state}`)}
          </Badge>
        ),
      },
      { id: 'rows', header: t('order.exports.rows'), kind: 'number', value: (j) => j.rows },
      {
        id: 'range',
        header: t('order.exports.range'),
        minWidth: 160,
        width: 200,
        overflow: 'wrap',
        value: (j) => `${formatDateTime(j.from)} – ${formatDateTime(j.to)}`,
      },
      { id: 'email', header: t('order.exports.email'), minWidth: 140, width: 200, grow: 1, value: (j) => j.email },
      { id: 'expiresAt', header: t('order.exports.expiresAt'), kind: 'time', value: (j) => j.expiresAt },
    ],
    [t],
  );

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-describedby={undefined} data-testid="order-export-records">
        <DialogBody>
          <DialogTitle>{t('order.exports.recordsTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text size={200} className={styles.hint}>
              {t('order.exports.recordsHint', { days: EXPORT_LIMITS.linkDays })}
            </Text>
            <DataTable
              label={t('order.exports.recordsTitle')}
              columns={columns}
              rows={jobs.data ?? NONE}
              rowKey={(j) => j.id}
              view={listView(jobs)}
              busy={jobs.isFetching}
              onRetry={() => void jobs.refetch()}
              rowTestId="export-row"
              maxHeight="50vh"
              size="small"
              testId="export-table"
            />
          </DialogContent>
          <DialogActions>
            <Button
              icon={<ArrowClockwiseRegular />}
              onClick={() => void jobs.refetch()}
              data-testid="export-records-refresh"
            >
              {t('order.exports.refresh')}
            </Button>
            <Button appearance="primary" onClick={onClose} data-testid="export-records-close">
              {t('order.exports.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const NONE: readonly ExportJob[] = [];
