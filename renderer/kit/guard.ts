/**
 * One action at a time (pure, so it is unit-tested): the second call while
 * the first is under way does nothing.
 *
 * Why not the mutation's `isPending` or a disabled button: both arrive with a
 * re-render, and TanStack Query even notifies on a later task, so a double
 * click lands two clicks before either — two binds, two toasts; on Unbind a
 * success and a refusal at once. The flag here is set synchronously, inside
 * the first click.
 */
export interface Guard {
  /** Whether an action is under way. */
  readonly busy: boolean;
  /**
   * Runs `action` unless one is under way; resolves with its result, or with
   * `undefined` when refused. A failure of `action` is passed on, and frees the guard.
   */
  run<T>(action: () => T | Promise<T>): Promise<T | undefined>;
}

export function createGuard(onBusyChange?: (busy: boolean) => void): Guard {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    async run<T>(action: () => T | Promise<T>): Promise<T | undefined> {
      if (busy) return undefined;
      busy = true;
      onBusyChange?.(true);
      try {
        return await action();
      } finally {
        busy = false;
        onBusyChange?.(false);
      }
    },
  };
}
