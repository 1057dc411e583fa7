/**
 * Importing rows from an .xlsx (shared/imports.ts: enterprise staff, a
 * customer group's identifiers): what the screen asks first (the customer
 * the staff belong to), all or nothing or the good rows, the file — the
 * desktop's own open dialog (main reads it), the browser's file input in
 * browser mode — and the template to fill in. Uploaded, the import is read
 * by the upstream's job: its progress is asked for until it is done, then
 * the counts, and the report of the bad rows to save.
 */
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Radio,
  RadioGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { IMPORT_LIMITS, IMPORT_MODES, type ImportMode, type SheetImport } from '../../shared/imports.js';
import type { Lang } from '../../shared/i18n/define.js';
import { PICK_KINDS, type Op, type OpInput, type OpOutput } from '../../shared/ipc.js';
import { codeMessage } from '../app/errors.js';
import { saveFile } from '../app/save.js';
import { useOp, useOpMutation } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import { base64Of } from './bytes.js';
import { FormDialog } from './FormDialog.js';
import { useScreen } from './useScreen.js';

const useStyles = makeStyles({
  hidden: { display: 'none' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  note: { color: tokens.colorNeutralForeground2 },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FINISHED = new Set<SheetImport['state']>(['done', 'failed']);
/** The operations that answer an import's state by its id. */
export type ImportStatusOp = {
  [K in Op]: OpInput<K> extends { params: { id: unknown } } ? (OpOutput<K> extends SheetImport ? K : never) : never;
}[Op];

/** A sheet the upstream answers: a template, a report. */
type Sheet = { name: string; data: string };

export interface SheetImportDialogProps {
  title: string;
  /** What a row is, and what importing it again does. */
  hint: string;
  /** Asked before the mode and the file (the customer the staff belong to). */
  before?: ReactNode;
  /** What is missing before an upload (the customer not chosen), in words; null when nothing is. */
  missing?: () => string | null;
  /** Uploads the file: the import queued. */
  start: (input: { mode: ImportMode; lang: Lang; file: Sheet }) => Promise<SheetImport>;
  /** The operation that answers the import's state (asked until it is done). */
  status: ImportStatusOp;
  template: (lang: Lang) => Promise<Sheet>;
  report: (importId: number) => Promise<Sheet>;
  /** The lists that show what a finished import wrote. */
  invalidates: readonly Op[];
  onClose: () => void;
  /** `<testId>-submit`, `-file`, `-mode-all`… name the dialog's parts. */
  testId: string;
}

export function SheetImportDialog({
  title,
  hint,
  before,
  missing,
  start: upload,
  status: statusOp,
  template: templateOf,
  report: reportOf,
  invalidates,
  onClose,
  testId,
}: SheetImportDialogProps) {
  const { t, notify, report, client } = useScreen();
  const styles = useStyles();
  const [mode, setMode] = useState<ImportMode>('good');
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const info = useOp('app.info', undefined, { staleTime: Infinity });
  const native = useOpMutation('file.pickFile');
  const [starting, setStarting] = useState(false);
  const status = useOp(statusOp, { params: { id: importId ?? 0 } } as OpInput<ImportStatusOp>, {
    enabled: importId !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && FINISHED.has(q.state.data.state) ? false : 500),
  });
  const current = importId !== null ? (status.data as SheetImport | undefined) : undefined;
  const finished = current !== undefined && FINISHED.has(current.state);
  // Once, when the import is done: the list behind the dialog shows what it wrote.
  const done = current?.state === 'done' ? current.id : null;
  useEffect(() => {
    if (done !== null) for (const op of invalidates) void client.invalidateQueries({ queryKey: [op] });
  }, [client, done, invalidates]);

  const choose = async () => {
    setProblem(null);
    if (info.data?.mode !== 'desktop') {
      picker.current?.click();
      return;
    }
    try {
      const { file: chosen } = await native.mutateAsync({ kind: 'sheet', label: t('sheetImport.file') });
      if (chosen) setFile(chosen);
    } catch (e) {
      report(e);
    }
  };
  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    // Too large is told before the file is read (the upstream would refuse it too: 810).
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setProblem(t('sheetImport.fileTooLarge'));
      return;
    }
    setFile({ name: chosen.name, data: base64Of(new Uint8Array(await chosen.arrayBuffer())) });
  };
  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (finished) {
      setImportId(null);
      setFile(null);
      return;
    }
    const absent = missing?.() ?? null;
    if (absent !== null) return setProblem(absent);
    if (!file) return setProblem(t('sheetImport.chooseFirst'));
    setStarting(true);
    try {
      const queued = await upload({ mode, lang: currentLang(), file });
      setImportId(queued.id);
    } catch (e) {
      report(e);
    } finally {
      setStarting(false);
    }
  };
  const saveTemplate = async () => {
    try {
      const sheet = await templateOf(currentLang());
      if (await saveFile(sheet.name, XLSX, sheet.data)) notify(t('sheetImport.templateSaved'));
    } catch (e) {
      report(e);
    }
  };
  const saveReport = async () => {
    if (importId === null) return;
    try {
      const sheet = await reportOf(importId);
      if (await saveFile(sheet.name, XLSX, sheet.data)) notify(t('sheetImport.reportSaved'));
    } catch (e) {
      report(e);
    }
  };

  const running = importId !== null && !finished;
  return (
    <FormDialog
      title={title}
      busy={starting || running}
      dirty={file !== null && importId === null}
      onClose={onClose}
      onSubmit={(e) => void run(e)}
      submitLabel={finished ? t('sheetImport.again') : t('sheetImport.start')}
      cancelLabel={finished ? t('common.close') : undefined}
      cancelWhileBusy
      testId={testId}
    >
      {importId === null ? (
        <>
          <Text className={styles.note}>{hint}</Text>
          {before}
          <Field label={t('sheetImport.mode')}>
            <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as ImportMode)} data-testid={`${testId}-mode`}>
              {IMPORT_MODES.map((m) => (
                <Radio key={m} value={m} label={t(`sheetImport.modes.${m}`)} data-testid={`${testId}-mode-${m}`} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={t('sheetImport.file')} required validationMessage={problem ?? undefined}>
            <div className={styles.file}>
              <input
                ref={picker}
                className={styles.hidden}
                type="file"
                tabIndex={-1}
                aria-hidden
                accept={`.${PICK_KINDS.sheet.extensions.join(',.')},${XLSX}`}
                onChange={(e) => void pick(e.target.files?.[0])}
                data-testid={`${testId}-file`}
              />
              <Button icon={<DocumentArrowUpRegular />} onClick={() => void choose()} data-testid={`${testId}-pick`}>
                {t('sheetImport.choose')}
              </Button>
              <Text className={styles.name} data-testid={`${testId}-name`}>
                {file?.name ?? t('sheetImport.noFile')}
              </Text>
            </div>
          </Field>
          <div>
            <Button
              appearance="subtle"
              icon={<ArrowDownloadRegular />}
              onClick={() => void saveTemplate()}
              data-testid={`${testId}-template`}
            >
              {t('sheetImport.template')}
            </Button>
          </div>
        </>
      ) : (
        <Progress state={current} onReport={() => void saveReport()} testId={testId} />
      )}
    </FormDialog>
  );
}

function Progress({
  state,
  onReport,
  testId,
}: {
  state: SheetImport | undefined;
  onReport: () => void;
  testId: string;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  if (!state || state.state === 'queued' || state.state === 'reading' || state.state === 'writing') {
    const words =
      !state || state.state === 'queued'
        ? t('sheetImport.queued')
        : t(state.state === 'reading' ? 'sheetImport.reading' : 'sheetImport.writing', {
            read: state.read,
          });
    return (
      <Field validationMessage={words} validationState="none">
        <ProgressBar thickness="large" data-testid={`${testId}-progress`} />
      </Field>
    );
  }
  if (state.state === 'failed') {
    return (
      <MessageBar intent="error" data-testid={`${testId}-failed`}>
        <MessageBarBody>{state.code !== null ? codeMessage(state.code) : t('sheetImport.failed')}</MessageBarBody>
      </MessageBar>
    );
  }
  const nothing = state.bad > 0 && state.mode === 'all';
  return (
    <div className={styles.result} data-testid={`${testId}-result`}>
      <MessageBar intent={state.bad ? 'warning' : 'success'}>
        <MessageBarBody data-testid={`${testId}-summary`}>
          {nothing
            ? t('sheetImport.noneWritten')
            : t('sheetImport.done', {
                inserted: state.inserted,
                updated: state.updated,
                unchanged: state.unchanged,
              })}
        </MessageBarBody>
      </MessageBar>
      {state.blank > 0 && <Text data-testid={`${testId}-blank`}>{t('sheetImport.blank', { count: state.blank })}</Text>}
      {state.bad > 0 && (
        <div className={styles.file}>
          <Text data-testid={`${testId}-bad`}>{t('sheetImport.bad', { count: state.bad })}</Text>
          <Button icon={<ArrowDownloadRegular />} onClick={onReport} data-testid={`${testId}-report`}>
            {t('sheetImport.report')}
          </Button>
        </div>
      )}
    </div>
  );
}
