/**
 * The category-driven part of the new product form: one input per attribute
 * of the category (and the categories above it), under its group, drawn by
 * its input type — text, select, multi-select, a number within its range
 * (with its unit), a date within its dates, a switch. Errors are the form's
 * (the shared rule reading), under each input.
 */
import { Dropdown, Field, Input, makeStyles, mergeClasses, Option, Switch, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_LIMITS, parseRule, type AttributeItem } from '../../shared/product/index.js';
import { attributeKey, type TypedValue } from './newGoodsSchema.js';
import { DateTimeInput, useFormGrid } from '../kit/index.js';

/** An attribute as a form draws it: a category's or a custom model's. */
export type AttributeLike = Pick<
  AttributeItem,
  'id' | 'groupName' | 'name' | 'number' | 'kind' | 'required' | 'rule' | 'unit'
>;

const useStyles = makeStyles({
  group: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Its column's width (the kit's form grid lets Fluent's 250 px Dropdown shrink to it).
  control: { width: '100%' },
});

/** The form's values hold the attributes' typed values under `attributes.a<id>`. */
export function AttributeFields<T extends FieldValues>({
  attributes,
  control,
  disabled,
}: {
  attributes: readonly AttributeLike[];
  control: Control<T>;
  disabled: boolean;
}) {
  const styles = useStyles();
  const formGrid = useFormGrid();
  const groups = new Map<string, AttributeLike[]>();
  for (const a of attributes) groups.set(a.groupName, [...(groups.get(a.groupName) ?? []), a]);
  return (
    <div className={styles.groups}>
      {[...groups].map(([group, list]) => (
        <fieldset key={group} className={mergeClasses(styles.group, formGrid.size200)} data-testid="attribute-group">
          <legend className={styles.legend}>{group}</legend>
          {list.map((a) => (
            <Controller
              key={a.id}
              control={control}
              name={`attributes.${attributeKey(a.id)}` as Path<T>}
              render={({ field, fieldState }) => (
                <AttributeInput
                  attribute={a}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

interface InputProps {
  attribute: AttributeLike;
  value: TypedValue;
  onChange: (value: TypedValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  error: string | undefined;
  disabled: boolean;
}

function AttributeInput({ attribute: a, value, onChange, onBlur, inputRef, error, disabled }: InputProps) {
  const { t } = useTranslation();
  const { control: className } = useStyles();
  const rule = parseRule(a.kind, a.rule);
  const label = a.unit ? t('common.withNote', { text: a.name, note: a.unit }) : a.name;
  const testId = `attribute-input-${a.number}`;
  const field = (control: ReactNode, hint?: string) => (
    <Field label={label} required={a.required} hint={hint} validationMessage={error}>
      {control}
    </Field>
  );
  switch (rule?.kind) {
    case 'single':
      return field(
        <Dropdown
          ref={inputRef as never}
          className={className}
          value={typeof value === 'string' ? value : ''}
          selectedOptions={typeof value === 'string' ? [value] : []}
          placeholder={t('product.newProduct.choose')}
          onBlur={onBlur}
          disabled={disabled}
          clearable={!a.required}
          data-testid={testId}
          onOptionSelect={(_, d) => onChange(d.optionValue || undefined)}
        >
          {rule.options.map((o) => (
            <Option key={o} value={o}>
              {o}
            </Option>
          ))}
        </Dropdown>,
      );
    case 'multiple': {
      const chosen = Array.isArray(value) ? value : [];
      return field(
        <Dropdown
          ref={inputRef as never}
          className={className}
          multiselect
          value={chosen.join(t('common.listSeparator'))}
          selectedOptions={chosen}
          placeholder={t('product.newProduct.choose')}
          onBlur={onBlur}
          disabled={disabled}
          data-testid={testId}
          onOptionSelect={(_, d) => onChange(rule.options.filter((o) => d.selectedOptions.includes(o)))}
        >
          {rule.options.map((o) => (
            <Option key={o} value={o}>
              {o}
            </Option>
          ))}
        </Dropdown>,
      );
    }
    case 'range':
      return field(
        <Input
          ref={inputRef as never}
          className={className}
          value={typeof value === 'string' ? value : ''}
          inputMode="decimal"
          placeholder={t('product.newProduct.rangeHint', rule)}
          onChange={(_, d) => onChange(d.value)}
          onBlur={onBlur}
          disabled={disabled}
          data-testid={testId}
        />,
        t('product.newProduct.rangeHint', rule),
      );
    case 'date':
      return field(
        <DateTimeInput
          ref={inputRef as never}
          className={className}
          mode="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(v) => onChange(v || undefined)}
          onBlur={onBlur}
          disabled={disabled}
          testId={testId}
        />,
        t('product.newProduct.rangeHint', { min: rule.start, max: rule.end }),
      );
    case 'boolean':
      return field(
        <Switch
          ref={inputRef as never}
          checked={value === true}
          onChange={(_, d) => onChange(d.checked)}
          onBlur={onBlur}
          disabled={disabled}
          data-testid={testId}
        />,
      );
    default:
      // Text, or a rule an older version saved that no longer parses: a text input, and the error says why nothing fits.
      return field(
        <Input
          ref={inputRef as never}
          className={className}
          value={typeof value === 'string' ? value : ''}
          maxLength={rule?.kind === 'string' ? rule.maxLength : ATTRIBUTE_LIMITS.text}
          onChange={(_, d) => onChange(d.value)}
          onBlur={onBlur}
          disabled={disabled}
          data-testid={testId}
        />,
      );
  }
}
