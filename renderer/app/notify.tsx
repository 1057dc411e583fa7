/**
 * In-page notifications (Fluent toasts); `data-testid="notify"` carries the
 * text. They show at the top centre, just below the top bar and its tabs:
 * near where the eyes are after an action, over a page's title row, whose
 * title is at the left and whose main buttons ("new distributor"…) are at the
 * right — at the top right the toasts hid those buttons for seconds (issue
 * 48), at the bottom the row actions and the pager's buttons.
 */
import { Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useCallback, useEffect } from 'react';
import { NOTIFY_MS } from '../../shared/errors/policy.js';
import { listenNotices } from './notices.js';

const TOASTER_ID = 'vend-toaster';

/** Below the top bar (50 px) and the tab strip (34 px), with a little room. */
export const TOAST_OFFSET = { vertical: 92, horizontal: 0 } as const;

export function Notifications() {
  const notify = useNotify();
  // After the toaster's own effects (a child's run first): what the sign-in page left to say shows now.
  useEffect(
    () =>
      listenNotices(({ text, intent, timeout }) =>
        notify(text, { intent, ...(timeout === undefined ? {} : { timeout }) }),
      ),
    [notify],
  );
  return <Toaster toasterId={TOASTER_ID} position="top" offset={TOAST_OFFSET} limit={5} />;
}

export interface NotifyOptions {
  intent?: ToastIntent;
  timeout?: number;
}

/** `notify(text, { intent, timeout })`; success for 2 s unless told otherwise. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (text: string, { intent = 'success', timeout = NOTIFY_MS }: NotifyOptions = {}) => {
      dispatchToast(
        <Toast>
          <ToastTitle data-testid="notify" data-intent={intent}>
            {text}
          </ToastTitle>
        </Toast>,
        { intent, timeout },
      );
    },
    [dispatchToast],
  );
}
