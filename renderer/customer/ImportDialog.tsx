/**
 * Importing staff from an .xlsx (spec §2 staffPage bulk import): the
 * customer (a tenant's user names it), all or nothing or the good rows, the
 * file — the desktop's own open dialog (main reads it), the browser's file
 * input in browser mode — and the template to fill in. Uploaded, the import
 * is read by the upstream's job: its progress is asked for until it is done,
 * then the counts, and the report of the bad rows to save.
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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IMPORT_LIMITS, IMPORT_MODES, type ImportMode, type StaffImport } from '../../shared/customer/index.js';
import { PICK_KINDS } from '../../shared/ipc.js';
import { codeMessage } from '../app/errors.js';
import { saveFile } from '../app/save.js';
import { useOp, useOpMutation } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import { FormDialog, useScreen } from '../kit/index.js';
import { CustomerDropdown } from './CustomerDropdown.js';

const useStyles = makeStyles({
  hidden: { display: 'none' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  note: { color: tokens.colorNeutralForeground2 },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FINISHED = new Set<StaffImport['state']>(['done', 'failed']);
const base64Of = (bytes: Uint8Array) => {
  let text = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

export interface ImportDialogProps {
  /** Whether the user names the customer (not an enterprise account), and the list's chosen one. */
  chooseCustomer: boolean;
  customerId: number | undefined;
  onClose: () => void;
}

export function ImportDialog({ chooseCustomer, customerId: initial, onClose }: ImportDialogProps) {
  const { t, notify, report, client } = useScreen();
  const styles = useStyles();
  const [customerId, setCustomerId] = useState(initial);
  const [mode, setMode] = useState<ImportMode>('good');
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const info = useOp('app.info', undefined, { staleTime: Infinity });
  const native = useOpMutation('file.pickFile');
  const start = useOpMutation('customer.staffImport');
  const template = useOpMutation('customer.staffTemplate');
  const reportSheet = useOpMutation('customer.staffImportReport');
  const status = useOp(
    'customer.staffImportStatus',
    { params: { id: importId ?? 0 } },
    {
      enabled: importId !== null,
      staleTime: 0,
      refetchInterval: (q) => (q.state.data && FINISHED.has(q.state.data.state) ? false : 500),
    },
  );
  const current = importId !== null ? status.data : undefined;
  const finished = current !== undefined && FINISHED.has(current.state);
  // Once, when the import is done: the list behind the dialog shows what it wrote.
  const done = current?.state === 'done' ? current.id : null;
  useEffect(() => {
    if (done !== null) void client.invalidateQueries({ queryKey: ['customer.staffPage'] });
  }, [client, done]);

  const choose = async () => {
    setProblem(null);
    if (info.data?.mode !== 'desktop') {
      picker.current?.click();
      return;
    }
    try {
      const { file: chosen } = await native.mutateAsync({ kind: 'sheet', label: t('customer.importing.file') });
      if (chosen) setFile(chosen);
    } catch (e) {
      report(e);
    }
  };
  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    // Too large is told before the file is read (the upstream would refuse it too: 810).
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setProblem(t('customer.validation.fileTooLarge'));
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
    if (chosenCustomerMissing()) return setProblem(t('customer.validation.customer'));
    if (!file) return setProblem(t('customer.importing.chooseFirst'));
    try {
      const queued = await start.mutateAsync({
        query: { mode, lang: currentLang(), ...(chooseCustomer && customerId !== undefined ? { customerId } : {}) },
        body: file,
      });
      setImportId(queued.id);
    } catch (e) {
      report(e);
    }
  };
  const chosenCustomerMissing = () => chooseCustomer && customerId === undefined;
  const saveTemplate = async () => {
    try {
      const sheet = await template.mutateAsync({ query: { lang: currentLang() } });
      if (await saveFile(sheet.name, XLSX, sheet.data)) notify(t('customer.importing.templateSaved'));
    } catch (e) {
      report(e);
    }
  };
  const saveReport = async () => {
    if (importId === null) return;
    try {
      const sheet = await reportSheet.mutateAsync({ params: { id: importId } });
      if (await saveFile(sheet.name, XLSX, sheet.data)) notify(t('customer.importing.reportSaved'));
    } catch (e) {
      report(e);
    }
  };

  const running = importId !== null && !finished;
  return (
    <FormDialog
      title={t('customer.importing.title')}
      busy={start.isPending || running}
      dirty={file !== null && importId === null}
      onClose={onClose}
      onSubmit={(e) => void run(e)}
      submitLabel={finished ? t('customer.importing.again') : t('customer.importing.start')}
      cancelLabel={finished ? t('common.close') : undefined}
      cancelWhileBusy
      testId="customer-import"
    >
      {importId === null ? (
        <>
          <Text className={styles.note}>{t('customer.importing.hint')}</Text>
          {chooseCustomer && (
            <Field label={t('customer.staff.customer')} required>
              <CustomerDropdown
                value={customerId}
                onChange={setCustomerId}
                placeholder={t('customer.staff.chooseCustomer')}
                testId="customer-import-customer"
              />
            </Field>
          )}
          <Field label={t('customer.importing.mode')}>
            <RadioGroup
              value={mode}
              onChange={(_, d) => setMode(d.value as ImportMode)}
              data-testid="customer-import-mode"
            >
              {IMPORT_MODES.map((m) => (
                <Radio
                  key={m}
                  value={m}
                  label={t(`customer.importing.modes.${m}`)}
                  data-testid={`customer-import-mode-${m}`}
                />
              ))}
            </RadioGroup>
          </Field>
          <Field label={t('customer.importing.file')} required validationMessage={problem ?? undefined}>
            <div className={styles.file}>
              <input
                ref={picker}
                className={styles.hidden}
                type="file"
                tabIndex={-1}
                aria-hidden
                accept={`.${PICK_KINDS.sheet.extensions.join(',.')},${XLSX}`}
                onChange={(e) => void pick(e.target.files?.[0])}
                data-testid="customer-import-file"
              />
              <Button
                icon={<DocumentArrowUpRegular />}
                onClick={() => void choose()}
                data-testid="customer-import-pick"
              >
                {t('customer.importing.choose')}
              </Button>
              <Text className={styles.name} data-testid="customer-import-name">
                {file?.name ?? t('customer.importing.noFile')}
              </Text>
            </div>
          </Field>
          <div>
            <Button
              appearance="subtle"
              icon={<ArrowDownloadRegular />}
              onClick={() => void saveTemplate()}
              data-testid="customer-import-template"
            >
              {t('customer.importing.template')}
            </Button>
          </div>
        </>
      ) : (
        <Progress state={current} onReport={() => void saveReport()} />
      )}
    </FormDialog>
  );
}

function Progress({ state, onReport }: { state: StaffImport | undefined; onReport: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  if (!state || state.state === 'queued' || state.state === 'reading' || state.state === 'writing') {
    const words =
      !state || state.state === 'queued'
        ? t('customer.importing.queued')
        : t(state.state === 'reading' ? 'customer.importing.reading' : 'customer.importing.writing', {
            read: state.read,
          });
    return (
      <Field validationMessage={words} validationState="none">
        <ProgressBar thickness="large" data-testid="customer-import-progress" />
      </Field>
    );
  }
  if (state.state === 'failed') {
    return (
      <MessageBar intent="error" data-testid="customer-import-failed">
        <MessageBarBody>
          {state.code !== null ? codeMessage(state.code) : t('customer.importing.failed')}
        </MessageBarBody>
      </MessageBar>
    );
  }
  const nothing = state.bad > 0 && state.mode === 'all';
  return (
    <div className={styles.result} data-testid="customer-import-result">
      <MessageBar intent={state.bad ? 'warning' : 'success'}>
        <MessageBarBody data-testid="customer-import-summary">
          {nothing
            ? t('customer.importing.noneWritten')
            : t('customer.importing.done', {
                inserted: state.inserted,
                updated: state.updated,
                unchanged: state.unchanged,
              })}
        </MessageBarBody>
      </MessageBar>
      {state.bad > 0 && (
        <div className={styles.file}>
          <Text data-testid="customer-import-bad">{t('customer.importing.bad', { bad: state.bad })}</Text>
          <Button icon={<ArrowDownloadRegular />} onClick={onReport} data-testid="customer-import-report">
            {t('customer.importing.report')}
          </Button>
        </div>
      )}
    </div>
  );
}
