/**
 * Request validation with the table's zod schemas. Like fastify-type-provider-
 * zod's compiler, but a refusal carries field → i18n key so the console can
 * put each message next to its field (`{ code: 400, content: { fields } }`).
 * The keys follow shared/validation.ts, the same rule the console applies.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { fieldsOf, parseKeyed } from '../../shared/validation.js';
import { RequestValidationError } from './errors.js';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = parseKeyed(schema, data);
    if (result.success) return { value: result.data };
    // A refused root (no body at all, a non-object query) is named by its part.
    return { error: new RequestValidationError(fieldsOf(result.error, httpPart ?? 'body')) };
  };
