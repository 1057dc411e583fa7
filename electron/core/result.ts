/** Building CallResults. */
import { LOCAL, NO_SESSION, type CallError } from '../../shared/errors/policy.js';
import type { CallResult } from '../../shared/ipc.js';

export const ok = <T>(content: T): CallResult<T> => ({ ok: true, content });

export const fail = (error: CallError): { ok: false; error: CallError } => ({ ok: false, error });

/** A refusal by the console itself: no upstream answer, so status 0. */
export const localError = (code: number, message: string, fields?: Record<string, string>) =>
  fail({ source: 'local', code, status: 0, message, ...(fields ? { fields } : {}) });

/**
 * Messages of local refusals (the renderer localises by code and by the
 * policy of shared/errors.ts, which reads the sign-in ones; these are the
 * same constants).
 */
export { LOCAL, NO_SESSION };
