/**
 * The frame of every create / edit dialog: title, the form's fields, Cancel
 * and Confirm. Escape or a click outside closes it when nothing would be
 * lost, asks first over typed input, and does nothing while saving
 * (`useCloseGuard`); both buttons
 * stay focusable while busy, so the focus (and Escape with it) stays in the
 * dialog; the submit runs the screen's guarded action (a double click saves
 * once).
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseGuard } from './useCloseGuard.js';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface FormDialogProps {
  title: string;
  /** Saving: the buttons wait, the dialog stays. */
  busy: boolean;
  /** Typed input that a stray close would lose. */
  dirty: boolean;
  onClose: () => void;
  /** The form's submit (react-hook-form's handleSubmit, behind the screen's guard). */
  onSubmit: (event: FormEvent) => void;
  /** `<testId>-cancel` and `<testId>-submit` name the buttons. */
  testId: string;
  /** The surface's own class (a wider dialog). */
  surfaceClassName?: string;
  /** The fields' layout instead of one column. */
  fieldsClassName?: string;
  /** The submit button's label (default Confirm). */
  submitLabel?: string;
  /** The other button's label (default Cancel): "Close" once there is nothing left to cancel (an import done). */
  cancelLabel?: string | undefined;
  /** Cancel stays usable while busy: the screen's `onClose` stops the work (an export in progress). */
  cancelWhileBusy?: boolean;
  /** A test id for the form itself, where a test looks for the dialog as a whole. */
  formTestId?: string;
  children: ReactNode;
}

export function FormDialog({
  title,
  busy,
  dirty,
  onClose,
  onSubmit,
  testId,
  surfaceClassName,
  fieldsClassName,
  submitLabel,
  cancelLabel,
  cancelWhileBusy = false,
  formTestId,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const guard = useCloseGuard({ busy, dirty, onClose });
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogSurface className={surfaceClassName} aria-describedby={undefined}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(e);
          }}
          noValidate
          {...(formTestId ? { 'data-testid': formTestId } : {})}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={mergeClasses(styles.fields, fieldsClassName)}>{children}</DialogContent>
            <DialogActions>
              <Button
                type="button"
                appearance="secondary"
                onClick={onClose}
                disabledFocusable={busy && !cancelWhileBusy}
                data-testid={`${testId}-cancel`}
              >
                {cancelLabel ?? t('common.cancel')}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={busy}
                icon={busy ? <Spinner size="extra-tiny" /> : undefined}
                data-testid={`${testId}-submit`}
              >
                {submitLabel ?? t('common.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
        {guard.question}
      </DialogSurface>
    </Dialog>
  );
}
