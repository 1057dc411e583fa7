/** Building CallResults. */
import { CODE, type CallError } from '../../shared/errors.js';
import type { CallResult } from '../../shared/ipc.js';

export const ok = <T>(content: T): CallResult<T> => ({ ok: true, content });

export const fail = (error: CallError): { ok: false; error: CallError } => ({ ok: false, error });

/** A refusal by the console itself: no upstream answer, so status 0. */
export const localError = (code: number, message: string, fields?: Record<string, string>) =>
  fail({ source: 'local', code, status: 0, message, ...(fields ? { fields } : {}) });

/** Messages of local refusals (the renderer localizes by code; these are for logs and tests). */
export const LOCAL = {
  unknownOp: 'unknown operation',
  invalidInput: 'invalid input',
  notCallable: 'operation not callable',
  noSession: 'not signed in',
  loginFailed: 'login failed',
  noPermission: 'insufficient permission',
  invalidOutput: 'invalid output',
  internal: 'internal error',
} as const;

/** Local code for "no session": the token-missing code of spec §8. */
export const NO_SESSION = CODE.tokenMissing;
