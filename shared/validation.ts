/**
 * Zod issues as i18n keys, one rule for the upstream's refusals and the
 * core's own: schemas name their keys (`validation.required`,
 * `validation.maxLength`…); for issues a schema leaves to zod's defaults,
 * `messageKey` picks one, so a field never carries an English sentence.
 */
import type { z } from 'zod';

/** The i18n key for an issue whose schema names none. */
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
export const parseKeyed = <S extends z.ZodType>(schema: S, value: unknown) =>
  schema.safeParse(value, { error: messageKey });

/**
 * Field issues as `path → i18n key`, the first issue per path. Paths are
 * relative to the part they belong to (`name`, not `body.name`); a refused
 * root is named by `root` (the part: `body`, `query`, `params`, or `input`).
 */
export function fieldsOf(error: z.ZodError, root: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || root;
    fields[key] ??= issue.message;
  }
  return fields;
}
