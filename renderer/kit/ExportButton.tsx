/**
 * A list's "Export": the upstream makes the sheet of what the filter shows
 * (every page of it, in the user's language), the user picks where to save
 * it, and the toast says how many rows it holds; with `none`, an export
 * without rows says so instead of offering an empty file. A refusal is
 * reported; a second click while one runs does nothing (ActionButton).
 */
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { ActionButton } from './ActionButton.js';
import { saveSheet, type MadeSheet } from './xlsx.js';

export interface ExportButtonProps {
  /** The export's call: `() => callOp('<d>.export', { query: { lang: currentLang() }, body })`. */
  make: () => Promise<MadeSheet>;
  /** What the toast says of a saved sheet of `rows` rows. */
  saved: (rows: number) => string;
  /** Said instead of saving a sheet without rows. */
  none?: string;
  /** Why it cannot export now (a month not chosen). */
  disabledReason?: string | undefined;
  testId: string;
  children: ReactNode;
}

export function ExportButton({ make, saved, none, disabledReason, testId, children }: ExportButtonProps) {
  const notify = useNotify();
  const report = useReport();
  return (
    <ActionButton
      icon={<ArrowDownloadRegular />}
      disabledReason={disabledReason}
      action={async () => {
        try {
          await saveSheet(await make(), notify, none === undefined ? { saved } : { saved, none });
        } catch (error) {
          report(error);
        }
      }}
      data-testid={testId}
    >
      {children}
    </ActionButton>
  );
}
