/** Balances from the operator's old prepaid cards, from an .xlsx, with the kit's import dialog (shared/wallet/imports.ts). */
import { useOpMutation } from '../bridge.js';
import { SheetImportDialog, useScreen } from '../kit/index.js';

const INVALIDATES = ['wallet.liability', 'wallet.info'] as const;

export function WalletImportDialog({ tenantId, onClose }: { tenantId: number | undefined; onClose: () => void }) {
  const { t } = useScreen();
  const start = useOpMutation('wallet.import');
  const template = useOpMutation('wallet.importTemplate');
  const report = useOpMutation('wallet.importReport');
  return (
    <SheetImportDialog
      title={t('wallet.importing.title')}
      hint={t('wallet.importing.hint')}
      start={({ mode, lang, file }) =>
        start.mutateAsync({ query: { mode, lang, ...(tenantId === undefined ? {} : { tenantId }) }, body: file })
      }
      status="wallet.importStatus"
      template={(lang) => template.mutateAsync({ query: { lang } })}
      report={(id) => report.mutateAsync({ params: { id } })}
      invalidates={INVALIDATES}
      onClose={onClose}
      testId="wallet-import"
    />
  );
}
