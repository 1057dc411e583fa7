/** A pre-import group's identifiers from an .xlsx, with the kit's import dialog (the staff import's, shared/imports.ts). */
import type { GroupItem } from '../../shared/group/index.js';
import { useOpMutation } from '../bridge.js';
import { SheetImportDialog, useScreen } from '../kit/index.js';

const INVALIDATES = ['group.members', 'group.info', 'group.page'] as const;

export function GroupImportDialog({ group, onClose }: { group: GroupItem; onClose: () => void }) {
  const { t } = useScreen();
  const start = useOpMutation('group.import');
  const template = useOpMutation('group.importTemplate');
  const report = useOpMutation('group.importReport');
  return (
    <SheetImportDialog
      title={t('group.importing.title')}
      hint={t('group.importing.hint', { kind: t(`group.identifiers.${group.identifier}`) })}
      start={({ mode, lang, file }) =>
        start.mutateAsync({ params: { id: group.id }, query: { mode, lang }, body: file })
      }
      status="group.importStatus"
      template={(lang) => template.mutateAsync({ query: { lang } })}
      report={(id) => report.mutateAsync({ params: { id } })}
      invalidates={INVALIDATES}
      onClose={onClose}
      testId="group-import"
    />
  );
}
