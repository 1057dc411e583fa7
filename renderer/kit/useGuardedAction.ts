/**
 * A busy-guarded action for a button: `run(...args)` does nothing while the
 * previous call is under way (guarded synchronously, see guard.ts), and
 * `busy` drives the button's busy look.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { createGuard, type Guard } from './guard.js';

export interface GuardedAction<A extends unknown[], R> {
  /** Runs the action unless it is under way; `undefined` when refused. */
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
}

export function useGuardedAction<A extends unknown[], R>(action: (...args: A) => R | Promise<R>): GuardedAction<A, R> {
  const [busy, setBusy] = useState(false);
  const guard = useRef<Guard | null>(null);
  guard.current ??= createGuard(setBusy);
  // The latest action, so a stable `run` never calls a stale closure.
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  const run = useCallback((...args: A) => guard.current!.run(() => latest.current(...args)), []);
  return { run, busy };
}
