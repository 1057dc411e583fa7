/**
 * Which forms on screen hold unsaved input, and in which view (tab). Forms
 * register while react-hook-form calls them dirty (`formState.isDirty`);
 * every form drawn with FormInput does so by itself. What would throw the
 * input away asks first: the language switch, which re-renders the view
 * through /redirect (spec §2 "a language-change confirmation exists"), and
 * closing a tab whose view holds one (×, the tab menu, Ctrl+W).
 *
 * A module-level registry rather than a React context: dialogs render in
 * portals and forms sit in cached views, and the question is only asked at
 * the moment of a switch, so nothing needs to re-render when it changes.
 */
import { createContext, useContext, useEffect } from 'react';
import { callOp } from '../bridge.js';

/** The path of the view (tab) a component is drawn in (the shell's main area provides it; dialogs inherit it through portals). */
export const ViewPathContext = createContext<string | null>(null);

/** Each dirty form, by the view it is in (null: outside any view). */
const dirty = new Map<symbol, string | null>();

/** Tells main when this window starts or stops holding unsaved input: the desktop offers no restart into an update meanwhile. */
function told(before: number): void {
  if (before > 0 !== dirty.size > 0) void callOp('app.dirty', { dirty: dirty.size > 0 }).catch(() => {});
}

/** Registers the calling form as holding unsaved input while `isDirty` (its `formState.isDirty`). */
export function useDirtyForm(isDirty: boolean): void {
  const view = useContext(ViewPathContext);
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('dirty form');
    const before = dirty.size;
    dirty.set(token, view);
    told(before);
    return () => {
      const held = dirty.size;
      dirty.delete(token);
      told(held);
    };
  }, [isDirty, view]);
}

/** Whether any form on screen holds unsaved input; with `views`, any form in one of those views. */
export const hasDirtyForms = (views?: readonly string[]): boolean =>
  views === undefined ? dirty.size > 0 : [...dirty.values()].some((v) => v !== null && views.includes(v));
