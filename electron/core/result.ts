/** Building CallResults and turning zod issues into field keys. */
import type { z } from 'zod';
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

/**
 * The i18n key for an issue whose schema names none — the same keys the
 * upstream uses for its own field refusals, so the renderer reads one set.
 */
export function messageKey(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'validation.required' : 'validation.minLength';
      if (issue.origin === 'array') return min <= 1 ? 'validation.required' : 'validation.minItems';
      return 'validation.min';
    }
    case 'too_big':
      if (issue.origin === 'string') return 'validation.maxLength';
      if (issue.origin === 'array') return 'validation.maxItems';
      return 'validation.max';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

/** safeParse whose issues carry i18n keys (the schema's own, else messageKey's). */
export const parseKeyed = <S extends z.ZodType>(schema: S, value: unknown) => schema.safeParse(value, { error: messageKey });

/**
 * Field issues as `path → i18n key`, the first issue per path. Paths are
 * relative to the part they belong to (`name`, not `body.name`), like the
 * upstream's; a refused root is named by its part (`body`, `query`,
 * `params`), or `input` for a local operation.
 */
export function fieldsOf(error: z.ZodError, part?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || part || 'input';
    fields[key] ??= issue.message;
  }
  return fields;
}
