/**
 * When a form dialog may close on Fluent's open-change event: never while its
 * call runs (the answer would land on nothing); over typed input, a stray
 * click beside it or Escape asks first whether to throw it away (Cancel, the
 * user's own choice, closes at once).
 */
export interface OpenChange {
  open: boolean;
  type: string;
}

export type CloseDecision = 'close' | 'ask' | 'stay';

export function closeDecision(change: OpenChange, { busy, dirty }: { busy: boolean; dirty: boolean }): CloseDecision {
  if (change.open || busy) return 'stay';
  return dirty && (change.type === 'backdropClick' || change.type === 'escapeKeyDown') ? 'ask' : 'close';
}
