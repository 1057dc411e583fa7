/**
 * The count of open complaints (pending and in progress) for the taskbar or
 * the dock: read from the upstream when someone signs in or a window starts,
 * and again a moment after a complaint's event (several events, one read);
 * nothing once signed out. A user who may not list complaints has no count.
 */
import type { CallResult } from '../../shared/ipc.js';

export interface ComplaintCountDeps {
  /** One page of complaints in a state, as the signed-in user sees them. */
  page: (status: 'pending' | 'inProgress') => Promise<CallResult<unknown>>;
  /** The count now: a number, or null for none to show. */
  report: (open: number | null) => void;
  /** How long events are gathered before the count is read again (default 1 s). */
  delayMs?: number;
}

const totalOf = (result: CallResult<unknown>): number | null =>
  result.ok ? ((result.content as { total?: number }).total ?? null) : null;

export function createComplaintCount(deps: ComplaintCountDeps) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A read that began before a sign-out must not show the previous user's count after it.
  let generation = 0;

  async function read(): Promise<void> {
    const mine = generation;
    const [pending, inProgress] = await Promise.all([deps.page('pending'), deps.page('inProgress')]);
    if (mine !== generation) return;
    const a = totalOf(pending);
    const b = totalOf(inProgress);
    deps.report(a === null || b === null ? null : a + b);
  }

  return {
    /** Read now (a sign-in, a window's start). */
    now: () => read(),
    /** Read a moment from now (a complaint's event); events meanwhile join it. */
    soon(): void {
      timer ??= setTimeout(() => {
        timer = undefined;
        void read();
      }, deps.delayMs ?? 1000);
    },
    clear(): void {
      generation++;
      clearTimeout(timer);
      timer = undefined;
      deps.report(null);
    },
  };
}
