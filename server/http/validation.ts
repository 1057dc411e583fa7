/**
 * Request validation with the table's zod schemas. Like fastify-type-provider-
 * zod's compiler, but a refusal carries field → i18n key so the console can
 * put each message next to its field (`{ code: 400, content: { fields } }`).
 *
 * Schemas name their own keys (`validation.required`, `validation.maxLength`…);
 * for issues a schema leaves to zod's defaults the map below picks a key, so a
 * field never carries an English sentence.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors.js';

type RawIssue = z.core.$ZodRawIssue;

/** Key for an issue whose schema names none. */
function messageKey(issue: RawIssue): string {
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

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => (data) => {
  const result = schema.safeParse(data, { error: messageKey });
  if (result.success) return { value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A refused root (no body at all, a non-object query) is named by its part.
    const key = issue.path.map(String).join('.') || (httpPart ?? 'body');
    fields[key] ??= issue.message;
  }
  return { error: new RequestValidationError(fields) };
};
