/**
 * Which forms on screen hold unsaved input. Forms register while
 * react-hook-form calls them dirty (`formState.isDirty`); every form drawn
 * with FormInput does so by itself. What would throw the input away asks
 * first: the language switch, which re-renders the view through /redirect
 * (spec §2 "a language-change confirmation exists").
 *
 * A module-level registry rather than a React context: dialogs render in
 * portals and forms sit in cached views, and the question is only asked at
 * the moment of a switch, so nothing needs to re-render when it changes.
 */
import { useEffect } from 'react';
import { callOp } from '../bridge.js';

const dirty = new Set<symbol>();

/** Tells main when this window starts or stops holding unsaved input: the desktop offers no restart into an update meanwhile. */
function told(before: number): void {
  if (before > 0 !== dirty.size > 0) void callOp('app.dirty', { dirty: dirty.size > 0 }).catch(() => {});
}

/** Registers the calling form as holding unsaved input while `isDirty` (its `formState.isDirty`). */
export function useDirtyForm(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('dirty form');
    const before = dirty.size;
    dirty.add(token);
    told(before);
    return () => {
      const held = dirty.size;
      dirty.delete(token);
      told(held);
    };
  }, [isDirty]);
}

/** Whether any form on screen holds unsaved input. */
export const hasDirtyForms = (): boolean => dirty.size > 0;
