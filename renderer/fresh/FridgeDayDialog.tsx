/**
 * A fridge's day of temperatures (`fresh.fridgeDay`): the readings as the
 * dashboard's chart panel draws them — a line with the range's bounds, or a
 * table, each exportable — the excursions that overlap the day, and the
 * inspector's log of the day (`fresh.temperatureLog`, .xlsx). Any past day
 * is asked by its date; today's is read again every minute.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { businessDay } from '../../shared/business-time.js';
import { isIsoDate, formatTime } from '../../shared/format.js';
import type { FridgeDay, FridgeItem } from '../../shared/fresh/index.js';
import { callOp, useOp } from '../bridge.js';
import { LazyChartPanel, type ChartPanelProps } from '../dashboard/index.js';
import { currentLang } from '../i18n/index.js';
import {
  DateTimeInput,
  ExportButton,
  listView,
  StateBadge,
  useCloseGuard,
  useScreen,
  type Column,
} from '../kit/index.js';
import { celsiusText, EXCURSION_COLOURS } from './coldText.js';

type Reading = FridgeDay['readings'][number];
// The lazy panel keeps its generic row type behind React.lazy: restored here for this dialog's rows.
const ChartPanel = LazyChartPanel as unknown as ComponentType<ChartPanelProps<Reading>>;
const MINUTE = 60_000;

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: 'calc(100vw - 32px)' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tools: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  excursion: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

export function FridgeDayDialog({ fridge, onClose }: { fridge: FridgeItem; onClose: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  const today = businessDay();
  const [typed, setTyped] = useState(today);
  const day = isIsoDate(typed) && typed <= today ? typed : null;
  const found = useOp(
    'fresh.fridgeDay',
    { params: { id: fridge.deviceId }, query: { day: day ?? today } },
    { enabled: day !== null, ...(day === today ? { refetchInterval: MINUTE } : {}) },
  );
  const data = found.data;
  const readings = useMemo(() => data?.readings ?? [], [data]);
  const columns: Column<Reading>[] = [
    { id: 'at', header: t('fresh.cold.log.time'), value: (r) => formatTime(r.at) },
    { id: 'celsius', header: t('fresh.cold.log.celsius'), kind: 'number', value: (r) => r.celsius },
  ];
  const chart = useMemo(
    () => ({
      kind: 'line' as const,
      categories: readings.map((r) => formatTime(r.at).slice(11, 16)),
      series: [
        { name: t('fresh.cold.celsius'), values: readings.map((r) => r.celsius), money: false },
        { name: t('fresh.cold.rules.high'), values: readings.map(() => data!.range.high), money: false },
        { name: t('fresh.cold.rules.low'), values: readings.map(() => data!.range.low), money: false },
      ],
    }),
    [readings, data, t],
  );
  const values = readings.map((r) => r.celsius);
  // The day asked is a view, not input to lose: the dialog closes at once (the guard never asks).
  const guard = useCloseGuard({ busy: false, dirty: false, onClose });
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogSurface className={styles.surface} data-testid="fresh-day">
        <DialogBody>
          <DialogTitle>{t('fresh.cold.day.title', { name: fridge.deviceName })}</DialogTitle>
          <DialogContent className={styles.body}>
            <div className={styles.tools}>
              <Field
                label={t('fresh.cold.day.date')}
                validationMessage={day === null ? t('validation.invalid') : undefined}
              >
                <DateTimeInput mode="date" value={typed} onChange={setTyped} testId="fresh-day-date" />
              </Field>
              <ExportButton
                make={() =>
                  callOp('fresh.temperatureLog', {
                    params: { id: fridge.deviceId },
                    query: { lang: currentLang() },
                    body: { day: day ?? today },
                  })
                }
                saved={(count) => t('fresh.cold.day.exported', { count })}
                disabledReason={day === null ? t('validation.invalid') : undefined}
                testId="fresh-day-log"
              >
                {t('fresh.cold.day.export')}
              </ExportButton>
            </div>
            <Text data-testid="fresh-day-summary">
              {data && !readings.length
                ? t('fresh.cold.day.empty')
                : data
                  ? t('fresh.cold.day.readings', {
                      count: readings.length,
                      min: Math.min(...values).toFixed(1),
                      max: Math.max(...values).toFixed(1),
                    })
                  : ''}
            </Text>
            {data?.excursions.map((e) => (
              <div key={e.id} className={styles.excursion} data-testid="fresh-day-excursion">
                <StateBadge
                  state={e.state}
                  colours={EXCURSION_COLOURS}
                  label={(s) => t(`fresh.cold.excursionStates.${s}`)}
                />
                <Text>
                  {formatTime(e.startedAt)} – {e.endedAt ? formatTime(e.endedAt) : '…'} · {t('fresh.cold.peak')}{' '}
                  {celsiusText(t, e.peak)}
                </Text>
              </div>
            ))}
            <Suspense fallback={null}>
              <ChartPanel
                id="fresh-day"
                title={t('fresh.cold.day.chart')}
                rows={readings}
                rowKey={(r) => r.at}
                columns={columns}
                chart={chart}
                view={listView({ ...found, data: data ? { list: readings, total: readings.length } : undefined })}
                onRetry={() => void found.refetch()}
                fileName={`${fridge.deviceName}-${day ?? today}`}
                wide
              />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={guard.requestClose} data-testid="fresh-day-close">
              {t('fresh.cold.day.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
