/**
 * In-page notifications (Fluent toasts); `data-testid="notify"` carries the
 * text. They show at the bottom left, where no screen has an action: the
 * page's main buttons ("new distributor"…) sit at the top right, the row actions and
 * the pager's buttons at the right — toasts at the top right hid the first
 * for seconds (issue 48), at the bottom right the others. At the left they
 * lie over the side menu's empty end, or a list's row count.
 */
import { Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useCallback, useEffect } from 'react';
import { NOTIFY_MS } from '../../shared/errors/policy.js';
import { listenNotices } from './notices.js';

const TOASTER_ID = 'vend-toaster';

/** A little room from the window's corner. */
export const TOAST_OFFSET = { vertical: 16, horizontal: 16 } as const;

export function Notifications() {
  const notify = useNotify();
  // After the toaster's own effects (a child's run first): what the sign-in page left to say shows now.
  useEffect(() => listenNotices(({ text, intent, timeout }) => notify(text, { intent, ...(timeout === undefined ? {} : { timeout }) })), [notify]);
  return <Toaster toasterId={TOASTER_ID} position="bottom-start" offset={TOAST_OFFSET} limit={5} />;
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
