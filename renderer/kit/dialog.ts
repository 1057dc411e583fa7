/**
 * When a form dialog may close on Fluent's open-change event: never while its
 * call runs (the answer would land on nothing), and a stray click beside it
 * never throws typed input away — Cancel and Escape still close it.
 */
export interface OpenChange { open: boolean; type: string }

export const mayClose = (change: OpenChange, { busy, dirty }: { busy: boolean; dirty: boolean }): boolean =>
  !change.open && !busy && !(change.type === 'backdropClick' && dirty);
