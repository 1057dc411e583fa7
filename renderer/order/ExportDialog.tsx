/**
 * Exporting the orders of the list's filter (spec §9): start and end time
 * required. Up to 1000 orders main writes the .xlsx itself, page by page,
 * into the file chosen in the native save dialog (a download in browser
 * mode), with a progress bar and a cancel. When the upstream says more
 * (977), the dialog asks for an address (required, valid) and queues an
 * e-mail export instead; its state shows in the export records.
 */
import {
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import {
  EXPORT_LIMITS,
  EXPORT_TOPIC,
  exportMailInput,
  exportProgress,
  type ExportProgress,
  type OrderFilter,
} from '../../shared/order/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import { CODE } from '../../shared/domains.js';
import { callOp, OpError, sessionEpoch, subscribeLive, useOpMutation } from '../bridge.js';
import { fieldsUnder } from '../app/form.js';
import { download } from '../app/save.js';
import { businessDateTime, businessDay } from '../../shared/business-time.js';
import { currentLang } from '../i18n/index.js';
import { DateTimeInput, FormDialog, rangeProblems, useGuardedAction, useZoneNote, useScreen } from '../kit/index.js';
import { EMPTY_ORDER_FILTER, toOrderFilter } from './OrderFilters.js';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: 'calc(100vw - 32px)' },
  range: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `yyyy-mm-dd hh:mm:ss` of the business clock (China time, not the computer's), as the kit's DateTimeInput shows it. */
const wallInput = (d: Date | number) => businessDateTime(d);
// The typed wall-clock text's date part (already China time), digits only.
const compact = (input: string) => input.split(' ')[0]!.replaceAll('-', '');

type Phase = 'form' | 'running' | 'mail';

export interface ExportDialogProps {
  /** The list's filter (its own time range, if any, starts the dialog's). */
  filter: OrderFilter;
  onClose: () => void;
  /** An e-mail export was queued: show the records, where its state shows. */
  onQueued: () => void;
}

export function ExportDialog({ filter, onClose, onQueued }: ExportDialogProps) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const mail = useOpMutation('order.exportMail', { invalidates: ['order.exports'] });
  const zone = useZoneNote();
  const [from, setFrom] = useState(filter.from ? wallInput(new Date(filter.from)) : `${businessDay()} 00:00:00`);
  const [to, setTo] = useState(wallInput(filter.to ? new Date(filter.to) : Date.now()));
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>('form');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const job = useRef<string | null>(null);

  // The running export's progress, from main (topic `export`, this page's job only).
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.topic !== EXPORT_TOPIC || event.epoch !== sessionEpoch()) return;
        const parsed = exportProgress.safeParse(event.data);
        if (parsed.success && parsed.data.job === job.current) setProgress(parsed.data);
      }),
    [],
  );

  const range = (): { from: string; to: string } | undefined => {
    const found: Record<string, string> = {};
    // Both ends required here; what is wrong with them otherwise, as the list's filter says it.
    const problems = rangeProblems(from, to);
    if (!from.trim()) found.from = 'order.validation.time';
    else if (problems.from) found.from = problems.from;
    if (!to.trim()) found.to = 'order.validation.time';
    else if (problems.to) found.to = problems.to;
    // The upstream's own rule for the address, said here before sending.
    if (phase === 'mail' && !exportMailInput.shape.email.safeParse(email.trim()).success)
      found.email = 'order.validation.email';
    setErrors(found);
    if (Object.keys(found).length) return undefined;
    // As the list's filter reads its range: the end typed is included to its end.
    const times = toOrderFilter({ ...EMPTY_ORDER_FILTER, from, to });
    return { from: times.from!, to: times.to! };
  };

  const live = async (body: OrderFilter & { from: string; to: string }) => {
    job.current = crypto.randomUUID();
    setProgress(null);
    setPhase('running');
    try {
      const name = `${t('order.exports.fileName', { from: compact(from), to: compact(to) })}.xlsx`;
      const result = await callOp('export.orders', {
        job: job.current,
        filter: body,
        lang: currentLang() as Lang,
        name,
      });
      if (result.cancelled) notify(t('order.exports.cancelled'));
      else if (!result.saved) {
        setErrors({ from: 'order.exports.empty' });
        setPhase('form');
        return;
      } else {
        if (result.data) download(name, XLSX, result.data);
        notify(t('order.exports.done', { rows: result.rows }));
      }
      onClose();
    } catch (error) {
      // Over 1000: by e-mail instead (spec §9), the address asked for here.
      if (error instanceof OpError && error.code === CODE.exportTooLarge) setPhase('mail');
      else {
        setPhase('form');
        report(error, { fallback: t('order.exports.failed'), onFields: (f) => setErrors(fieldsUnder(f, 'filter')) });
      }
    } finally {
      job.current = null;
    }
  };

  const send = useGuardedAction(async () => {
    const times = range();
    if (!times) return;
    const body = { ...filter, ...times };
    if (phase !== 'mail') return live(body);
    try {
      await mail.mutateAsync({ body: { filter: body, email: email.trim(), lang: currentLang() as Lang } });
      notify(t('order.exports.queued', { email: email.trim() }));
      onQueued();
    } catch (error) {
      report(error, { fallback: t('order.exports.failed'), onFields: (f) => setErrors(fieldsUnder(f, 'filter')) });
    }
  });

  // Closing while it runs cancels it; the dialog closes when main says it stopped.
  const close = () => {
    if (phase === 'running' && job.current) void callOp('export.cancel', { job: job.current });
    else onClose();
  };
  const message = (key: string) => (errors[key] ? t(errors[key] as 'validation.invalid') : undefined);
  const running = phase === 'running';

  return (
    <FormDialog
      title={t('order.exports.title')}
      busy={send.busy}
      dirty={email !== ''}
      onClose={close}
      onSubmit={() => void send.run()}
      testId="order-export"
      surfaceClassName={styles.surface}
      cancelWhileBusy={running}
      submitLabel={phase === 'mail' ? t('order.exports.mailSubmit') : t('order.exports.submit')}
    >
      <Text size={200} className={styles.hint}>
        {t('order.exports.hint', { days: EXPORT_LIMITS.linkDays })}
      </Text>
      {zone && (
        <Text size={200} className={styles.hint} data-testid="order-export-zone">
          {zone.long}
        </Text>
      )}
      <div className={styles.range}>
        <Field
          label={t('order.list.from')}
          required
          validationMessage={message('from')}
          validationState={errors.from ? 'error' : 'none'}
        >
          <DateTimeInput
            value={from}
            disabled={running}
            onChange={(v) => {
              setFrom(v);
              setPhase((p) => (p === 'mail' ? 'form' : p));
            }}
            testId="order-export-from"
          />
        </Field>
        <Field
          label={t('order.list.to')}
          required
          validationMessage={message('to')}
          validationState={errors.to ? 'error' : 'none'}
        >
          <DateTimeInput
            value={to}
            end
            disabled={running}
            onChange={(v) => {
              setTo(v);
              setPhase((p) => (p === 'mail' ? 'form' : p));
            }}
            testId="order-export-to"
          />
        </Field>
      </div>
      {phase === 'mail' && (
        <>
          <MessageBar intent="info" data-testid="order-export-too-many">
            <MessageBarBody>{t('order.exports.tooMany')}</MessageBarBody>
          </MessageBar>
          <Field
            label={t('order.exports.email')}
            required
            validationMessage={message('email')}
            validationState={errors.email ? 'error' : 'none'}
          >
            <Input
              type="email"
              value={email}
              maxLength={254}
              placeholder={t('order.exports.emailPlaceholder')}
              onChange={(_, d) => setEmail(d.value)}
              data-testid="order-export-email"
            />
          </Field>
        </>
      )}
      {running && (
        <Field
          validationMessage={
            progress
              ? t('order.exports.progress', { done: progress.done, total: progress.total })
              : t('order.exports.preparing')
          }
          validationState="none"
          data-testid="order-export-progress"
        >
          <ProgressBar
            value={progress && progress.total > 0 ? progress.done / progress.total : undefined}
            thickness="large"
          />
        </Field>
      )}
    </FormDialog>
  );
}
