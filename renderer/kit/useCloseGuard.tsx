/**
 * The close of a dialog holding a form (closeDecision in dialog.ts): Fluent's
 * open-change handler for it, and the question it asks before typed input is
 * thrown away — "Discard" closes, "Keep editing" (or Escape) goes back to the
 * form as it was.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.js';
import { closeDecision, type OpenChange } from './dialog.js';

export function useCloseGuard({ busy, dirty, onClose }: { busy: boolean; dirty: boolean; onClose: () => void }): {
  onOpenChange: (event: unknown, change: OpenChange) => void;
  /** A dialog's own Close button (one that is not "Cancel"): asks over typed input as Escape does. */
  requestClose: () => void;
  question: ReactNode;
} {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  // Where the user was in the form: the question gives the focus back there (Fluent would leave it on the page,
  // out of the dialog's reach, and the next Escape would go nowhere).
  const was = useRef<HTMLElement | null>(null);
  const onOpenChange = (_: unknown, change: OpenChange) => {
    const decision = closeDecision(change, { busy, dirty });
    if (decision === 'close') onClose();
    else if (decision === 'ask') {
      was.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking(true);
    }
  };
  const requestClose = () => onOpenChange(null, { open: false, type: 'escapeKeyDown' });
  const keepEditing = () => {
    setAsking(false);
    requestAnimationFrame(() => was.current?.focus());
  };
  const question = (
    <ConfirmDialog
      open={asking}
      title={t('common.discardTitle')}
      text={t('common.discardText')}
      confirmLabel={t('common.discard')}
      cancelLabel={t('common.keepEditing')}
      danger
      onCancel={keepEditing}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { onOpenChange, requestClose, question };
}
