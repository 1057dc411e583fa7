/**
 * Attributes of a category (spec §2 setProperty, §3 "Property group name.
 * Attribute: name, number, input type, required flag, rule, unit", §5:
 * group name, name, input type and rule required; a rule that does not parse
 * is a format error; at most 10 options; an option value at most 10
 * characters). A product of the new library fills them in; a category's
 * products also fill in the attributes of the categories above it (a cola
 * is a drink: it has a drink's volume as well as a cola's sugar level).
 *
 * The rule is typed as text, as the spec's console has it, in one syntax per
 * input type; `parseRule` is the one reading of it, for the form's hint, the
 * server's check and the product form's inputs alike.
 */
import { z } from 'zod';
import { empty, endpoint, isoTime, ref, refParams, str, text } from '../api/define.js';
import { isIsoDate } from '../format.js';

export const ATTRIBUTE_LIMITS = {
  group: 20,
  name: 20,
  number: 20,
  unit: 10,
  rule: 200,
  options: 10,
  option: 10,
  text: 100,
} as const;
export const ATTRIBUTE_KINDS = ['string', 'single', 'multiple', 'range', 'date', 'boolean'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export type AttributeRule =
  | { kind: 'string'; maxLength: number }
  | { kind: 'single' | 'multiple'; options: string[] }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'date'; start: string; end: string }
  | { kind: 'boolean' };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** `0~100`, `0-100`, `0 至 100`, `-20～40`: the separator after the first number. */
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*(?:~|～|-|–|—|至|到)\s*(${NUMBER})$`);
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
/** Dates carry hyphens, so their separator is a tilde or a word. */
const DATES = new RegExp(String.raw`^(${DATE})\s*(?:~|～|至|到)\s*(${DATE})$`);
const OPTION_SEPARATOR = /\s*[,，、;；]\s*/;

/** The rule as typed for this input type, or null when it does not parse (spec §5 "format error"). */
export function parseRule(kind: AttributeKind, typed: string): AttributeRule | null {
  const rule = typed.trim();
  switch (kind) {
    case 'string': {
      // The longest value allowed.
      const n = /^\d+$/.test(rule) ? Number(rule) : NaN;
      return n >= 1 && n <= ATTRIBUTE_LIMITS.text ? { kind, maxLength: n } : null;
    }
    case 'single':
    case 'multiple': {
      const options = rule.split(OPTION_SEPARATOR).filter((o) => o !== '');
      const fits =
        options.length >= 1 &&
        options.length <= ATTRIBUTE_LIMITS.options &&
        options.every((o) => [...o].length <= ATTRIBUTE_LIMITS.option) &&
        new Set(options).size === options.length;
      return fits ? { kind, options } : null;
    }
    case 'range': {
      const m = RANGE.exec(rule);
      const [min, max] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
      return m && min <= max ? { kind, min, max } : null;
    }
    case 'date': {
      const m = DATES.exec(rule);
      return m && isIsoDate(m[1]!) && isIsoDate(m[2]!) && m[1]! <= m[2]! ? { kind, start: m[1]!, end: m[2]! } : null;
    }
    case 'boolean':
      // Yes or no says it all: nothing to rule.
      return rule === '' ? { kind } : null;
  }
}

/** Which i18n key says why a rule does not parse: the options' limits have their own words. */
export function ruleProblem(kind: AttributeKind, typed: string): string | null {
  if (parseRule(kind, typed)) return null;
  if (kind === 'single' || kind === 'multiple') {
    const options = typed
      .trim()
      .split(OPTION_SEPARATOR)
      .filter((o) => o !== '');
    if (options.length > ATTRIBUTE_LIMITS.options) return 'product.validation.tooManyOptions';
    if (options.some((o) => [...o].length > ATTRIBUTE_LIMITS.option)) return 'product.validation.optionTooLong';
    if (options.length > 0 && new Set(options).size !== options.length) return 'product.validation.optionRepeat';
  }
  return 'product.validation.ruleFormat';
}

export const attributeFields = z.object({
  /** The property group the attribute is shown under (规格, 营养, 口味…). */
  groupName: text(ATTRIBUTE_LIMITS.group),
  name: text(ATTRIBUTE_LIMITS.name),
  number: text(ATTRIBUTE_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  kind: z.enum(ATTRIBUTE_KINDS, { error: 'validation.required' }),
  required: z.boolean(),
  rule: str().trim().max(ATTRIBUTE_LIMITS.rule, { message: 'validation.maxLength' }),
  unit: str().trim().max(ATTRIBUTE_LIMITS.unit, { message: 'validation.maxLength' }),
});
/** Every type but a yes-or-no needs its rule (spec §5); whatever is typed must parse. */
export const ruleFits = <F extends { kind: AttributeKind; rule: string }>(schema: z.ZodType<F>) =>
  schema.superRefine((f, ctx) => {
    if (f.rule === '' && f.kind !== 'boolean') {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['rule'] });
      return;
    }
    const problem = ruleProblem(f.kind, f.rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['rule'] });
  });

export const ATTRIBUTE_EXAMPLE = {
  groupName: '规格',
  name: '容量',
  number: 'VOLUME',
  kind: 'range',
  required: true,
  rule: '100~2000',
  unit: '毫升',
} as const;
// The generated suites start from the example: a generated rule rarely parses.
export const attributeForm = ruleFits(attributeFields).meta({ examples: [ATTRIBUTE_EXAMPLE] });
export type AttributeForm = z.infer<typeof attributeForm>;

export const attributeItem = attributeFields.extend({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  tenantId: z.number().int(),
  createdAt: isoTime,
});
export type AttributeItem = z.infer<typeof attributeItem>;

/** 5-1 sets up the categories; 5-2's product form reads their attributes. */
const readAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['5-1', '5-2'] } as const;
const writeAccess = { ...readAccess, power: '5-1' } as const;
const attributeParams = refParams('attribute');

export const attributeApi = {
  'product.attributeList': endpoint({
    method: 'POST',
    reads: true,
    path: '/attribute/list',
    summary:
      'The attributes a product of this category fills in: those of the categories above it first, then its own, each in the order added.',
    body: z.object({ categoryId: ref('category') }),
    content: z.array(attributeItem),
    access: readAccess,
  }),
  'product.attributeCreate': endpoint({
    method: 'POST',
    path: '/attribute',
    summary:
      'Add an attribute to a category; its number is unique within the category (2804); its rule parses for its input type.',
    body: ruleFits(attributeFields.extend({ categoryId: ref('category') })).meta({
      examples: [{ ...ATTRIBUTE_EXAMPLE, categoryId: 1 }],
    }),
    content: attributeItem,
    access: writeAccess,
  }),
  'product.attributeUpdate': endpoint({
    method: 'PUT',
    path: '/attribute/:id',
    summary: 'Edit an attribute; products keep their values until they are next saved, when the new rule checks them.',
    params: attributeParams,
    body: attributeForm,
    content: attributeItem,
    access: writeAccess,
  }),
  'product.attributeDelete': endpoint({
    method: 'DELETE',
    path: '/attribute/:id',
    summary: 'Remove an attribute; the values products gave it go with it.',
    params: attributeParams,
    content: empty,
    access: writeAccess,
  }),
} as const;

/** A product's value for an attribute, by its input type. */
export const attributeValue = z.union([
  str().max(ATTRIBUTE_LIMITS.text),
  z.array(str().max(ATTRIBUTE_LIMITS.option)).max(ATTRIBUTE_LIMITS.options),
  z.number(),
  z.boolean(),
]);
export type AttributeValue = z.infer<typeof attributeValue>;

export const isEmptyValue = (value: AttributeValue | undefined): boolean =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Why a value does not fit its attribute (an i18n key), or null when it
 * does. Shared so the form says it as the user types and the server says it
 * again as the truth.
 */
export function valueProblem(
  attribute: Pick<AttributeItem, 'kind' | 'rule' | 'required'>,
  value: AttributeValue | undefined,
): string | null {
  if (isEmptyValue(value)) return attribute.required ? 'validation.required' : null;
  const rule = parseRule(attribute.kind, attribute.rule);
  // A rule that no longer parses was saved by an older version: nothing can fit it until it is mended.
  if (!rule) return 'product.validation.ruleFormat';
  switch (rule.kind) {
    case 'string':
      return typeof value === 'string' && [...value].length <= rule.maxLength ? null : 'product.validation.attrText';
    case 'single':
      return typeof value === 'string' && rule.options.includes(value) ? null : 'product.validation.attrOption';
    case 'multiple':
      return Array.isArray(value) &&
        value.every((v) => rule.options.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : 'product.validation.attrOption';
    case 'range':
      return typeof value === 'number' && Number.isFinite(value) && value >= rule.min && value <= rule.max
        ? null
        : 'product.validation.attrRange';
    case 'date':
      return typeof value === 'string' && isIsoDate(value) && value >= rule.start && value <= rule.end
        ? null
        : 'product.validation.attrDate';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'validation.invalid';
  }
}
