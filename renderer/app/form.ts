/**
 * A small zod → react-hook-form resolver. `zodResolver` from
 * @hookform/resolvers keeps only each issue's message, and drops the limits
 * (`maximum`, `minimum`) that the localised text needs ("at most {{max}}
 * characters"). Shared schemas carry i18n keys as messages (`validation.*`);
 * here they become texts in the current language with their limits filled in.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { z } from 'zod';

export interface IssueLike {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/** The i18n key and parameters for one issue; `keyFor` may re-key (e.g. the sign-in form's texts). */
export function issueMessage(issue: IssueLike, keyFor?: (issue: IssueLike) => string | undefined) {
  // Common keys (`validation.*`) and a domain's own (`product.validation.*`); anything else is no key of ours.
  const key =
    keyFor?.(issue) ??
    (/^([a-z]+\.)?validation\.[A-Za-z]+$/.test(issue.message) ? issue.message : 'validation.invalid');
  const params: { max?: number; min?: number } = {};
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  return { key, params };
}

/** Nests the first issue of each path into react-hook-form's error tree. */
export function toFieldErrors<T extends FieldValues = FieldValues>(
  issues: readonly IssueLike[],
  message: (issue: IssueLike) => string,
): FieldErrors<T> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length === 0) path.push('root');
    let node = errors;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    const leaf = path[path.length - 1]!;
    if (node[leaf] === undefined) node[leaf] = { type: issue.code, message: message(issue) } satisfies FieldError;
  }
  return errors as FieldErrors<T>;
}

/**
 * A value the form left empty that the schema wants (a number field's empty
 * text becomes `undefined`) is "required", not "format is wrong": zod's own
 * message for it is no key of ours, which read as `validation.invalid` under
 * an empty coupon quantity. A schema's own message still wins (zod's order).
 */
const requiredWhenMissing = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : undefined;

export function zodI18nResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  keyFor?: (issue: IssueLike) => string | undefined,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values, { error: requiredWhenMissing });
    if (result.success) return { values: result.data as z.output<S>, errors: {} };
    const errors: FieldErrors<z.input<S>> = toFieldErrors(result.error.issues as readonly IssueLike[], (issue) => {
      const { key, params } = issueMessage(issue, keyFor);
      return t(key as 'validation.invalid', params);
    });
    return { values: {}, errors };
  };
}

/** Shows a local refusal's field issues (path → i18n key) on the form's fields. */
export function applyFieldErrors(
  fields: Record<string, string>,
  setError: (name: never, error: { type: string; message: string }) => void,
  t: TFunction,
  limits: Readonly<Record<string, number>> = {},
) {
  for (const [path, key] of Object.entries(fields)) {
    const max = limits[path];
    const message = t(key as 'validation.invalid', max === undefined ? {} : { max });
    setError(path as never, { type: 'server', message });
  }
}

/** A refusal's field issues (path → i18n key) as the texts a form shows at its fields (forms kept in plain state, not react-hook-form). */
export const fieldMessages = (fields: Readonly<Record<string, string>>, t: TFunction): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([path, key]) => [path, t(key as 'validation.invalid')]));

/**
 * The upstream's field errors of one part of a body (`patch.warningValue`,
 * `filter.from`), named as the form names its own fields (`warningValue`,
 * `from`); the others as they are.
 */
export const fieldsUnder = (fields: Readonly<Record<string, string>>, part: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k.startsWith(`${part}.`) ? k.slice(part.length + 1) : k, v]),
  );

/**
 * How every form of the console checks its fields: nothing on
 * leaving a field, everything on submit, then each field live as it is
 * corrected. An error appearing or vanishing on blur moved the buttons under
 * a pointer that was on its way to Save, and the click landed nowhere;
 * checked on submit, the first click saves a form whose last field was just
 * fixed. Spread into `useForm`.
 */
export const SUBMIT_THEN_LIVE = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * A whole number typed into a text field: digits only, the whole of it (so "1.5" or "3 days" is refused), within
 * what `check` — the upstream's own schema for the number, or its bounds — takes; `message` the field's key.
 * With `blank`, an empty field is fine too (the value is then none).
 */
export const wholeText = (check: z.ZodType, message: string, { blank = false } = {}) =>
  z
    .string()
    .trim()
    .refine((v) => (blank && v === '') || (/^\d+$/.test(v) && check.safeParse(Number(v)).success), { message });
