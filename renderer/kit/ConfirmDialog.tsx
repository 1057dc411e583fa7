/**
 * A yes/no question before an action; `confirm-ok` confirms, `confirm-cancel`
 * or Escape cancels. The confirm button runs the call guarded (one call
 * however often it is clicked) and stays busy until it settles; destructive
 * questions confirm with the danger look.
 *
 * Focus goes back to the element that opened the dialog when it closes, as
 * Fluent does for a dialog without a trigger: give the opener
 * `useRestoreFocusTarget()` (the kit's row actions have it).
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './ActionButton.js';
import { useGuardedAction } from './useGuardedAction.js';

export interface ConfirmDialogProps {
  open: boolean;
  /** Default: the common "Confirm". */
  title?: string;
  text: string;
  /** Default: the common "OK". */
  confirmLabel?: string;
  /** Default: the common "Cancel". */
  cancelLabel?: string;
  danger?: boolean;
  /** The call; the dialog stays open and busy until it settles. The screen closes it (on success or refusal). */
  onConfirm: () => unknown;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  // The dialog's own guard, so Escape and Cancel can tell the call is under way.
  const confirm = useGuardedAction(async () => {
    await onConfirm();
  });
  return (
    // A modal, not an alert dialog: Escape cancels, as users expect of a question.
    <Dialog open={open} modalType="modal" onOpenChange={(_, d) => !d.open && !confirm.busy && onCancel()}>
      <DialogSurface data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{title ?? t('common.confirmTitle')}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button
              appearance="secondary"
              onClick={onCancel}
              disabledFocusable={confirm.busy}
              data-testid="confirm-cancel"
            >
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <ActionButton
              appearance="primary"
              danger={danger}
              action={confirm.run}
              busy={confirm.busy}
              data-testid="confirm-ok"
            >
              {confirmLabel ?? t('common.confirm')}
            </ActionButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
