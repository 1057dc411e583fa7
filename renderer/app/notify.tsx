/** In-page notifications (Fluent toasts); `data-testid="notify"` carries the text. */
import { Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useCallback } from 'react';
import { NOTIFY_MS } from '../../shared/errors.js';

const TOASTER_ID = 'vend-toaster';

export function Notifications() {
  return <Toaster toasterId={TOASTER_ID} position="bottom-end" limit={5} />;
}

export interface NotifyOptions { intent?: ToastIntent; timeout?: number }

/** `notify(text, { intent, timeout })`; success for 2 s unless told otherwise. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (text: string, { intent = 'success', timeout = NOTIFY_MS }: NotifyOptions = {}) => {
      dispatchToast(
        <Toast>
          <ToastTitle data-testid="notify" data-intent={intent}>{text}</ToastTitle>
        </Toast>,
        { intent, timeout },
      );
    },
    [dispatchToast],
  );
}
