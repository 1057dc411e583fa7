/**
 * Notifications asked for before the console's toaster is there: the sign-in
 * page (which loads without Fluent) tells the owner of failed
 * sign-ins, and the console that mounts next shows it. Held until
 * `Notifications` (notify.tsx) listens, then handed over at once.
 */
export interface LaterNotice {
  text: string;
  intent: 'success' | 'warning' | 'error' | 'info';
  timeout?: number;
}

const waiting: LaterNotice[] = [];
let listener: ((notice: LaterNotice) => void) | undefined;

export function noticeLater(notice: LaterNotice): void {
  if (listener) listener(notice);
  else waiting.push(notice);
}

/** The toaster's: takes what waited, then every later notice; returns the release. */
export function listenNotices(next: (notice: LaterNotice) => void): () => void {
  listener = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (listener === next) listener = undefined;
  };
}
