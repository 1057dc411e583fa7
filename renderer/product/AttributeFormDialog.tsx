/**
 * Create / edit an attribute of a category (spec §3 Attribute, §5): group,
 * name, number, input type, required flag, rule and unit. The rule's
 * placeholder shows the syntax of the chosen input type, and the same reading
 * the server uses (shared `parseRule`) says at once when it does not parse.
 * The group offers the category's groups and takes a new one as typed.
 */
import { Combobox, Dropdown, Field, Option, Switch } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_LIMITS,
  attributeForm,
  type AttributeForm,
  type AttributeKind,
} from '../../shared/product/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { FormDialog, useDialogSave } from '../kit/index.js';

type Values = Omit<AttributeForm, 'kind'> & { kind: AttributeKind | undefined };
// The form starts with no input type chosen; the schema says it is required.
const schema = attributeForm as unknown as z.ZodType<Values, Values>;

export interface AttributeFormDialogProps {
  /** The attribute being edited; none to create one. */
  attribute?: AttributeForm | undefined;
  /** Creates or updates it: a category's or a custom model's. */
  onSave: (body: AttributeForm) => Promise<unknown>;
  /** The code that says the attribute (or its owner) is gone: the dialog closes and the list refreshes. */
  goneCode: number;
  /** The groups the category's attributes use, offered first. */
  groups: readonly string[];
  onClose: () => void;
  onGone?: () => void;
}

export function AttributeFormDialog({
  attribute,
  onSave,
  goneCode,
  groups,
  onClose,
  onGone,
}: AttributeFormDialogProps) {
  const { t } = useTranslation();
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: {
      groupName: attribute?.groupName ?? groups[0] ?? '',
      name: attribute?.name ?? '',
      number: attribute?.number ?? '',
      kind: attribute?.kind,
      required: attribute?.required ?? true,
      rule: attribute?.rule ?? '',
      unit: attribute?.unit ?? '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = useDialogSave(form, {
    save: (values) => onSave({ ...values, kind: values.kind! }),
    saved: t(attribute ? 'product.attribute.updated' : 'product.attribute.created'),
    failed: t(attribute ? 'product.attribute.saveFailed' : 'product.attribute.createFailed'),
    goneCode,
    limits: ATTRIBUTE_LIMITS,
    onClose,
    onGone,
  });
  return (
    <FormDialog
      title={t(attribute ? 'product.attribute.editTitle' : 'product.attribute.createTitle')}
      {...submit.dialog}
      testId="attribute-form"
    >
      <Controller
        control={form.control}
        name="groupName"
        render={({ field, fieldState }) => (
          <Field label={t('product.attribute.groupName')} required validationMessage={fieldState.error?.message}>
            <Combobox
              ref={field.ref}
              freeform
              value={field.value}
              selectedOptions={[field.value]}
              placeholder={t('product.attribute.groupPlaceholder')}
              maxLength={ATTRIBUTE_LIMITS.group}
              onBlur={field.onBlur}
              data-testid="attribute-form-group"
              onChange={(e) => field.onChange(e.target.value)}
              onOptionSelect={(_, d) => d.optionValue !== undefined && field.onChange(d.optionValue)}
            >
              {groups.map((g) => (
                <Option key={g} value={g}>
                  {g}
                </Option>
              ))}
            </Combobox>
          </Field>
        )}
      />
      <FormInput
        control={form.control}
        name="name"
        label={t('product.attribute.name')}
        input={{ placeholder: t('product.attribute.namePlaceholder'), 'data-testid': 'attribute-form-name' }}
      />
      <FormInput
        control={form.control}
        name="number"
        label={t('product.attribute.number')}
        input={{ placeholder: t('product.category.numberPlaceholder'), 'data-testid': 'attribute-form-number' }}
      />
      <Controller
        control={form.control}
        name="kind"
        render={({ field, fieldState }) => (
          <Field label={t('product.attribute.kind')} required validationMessage={fieldState.error?.message}>
            <Dropdown
              ref={field.ref}
              placeholder={t('product.attribute.kindPlaceholder')}
              value={field.value ? t(`product.attribute.kinds.${field.value}`) : ''}
              selectedOptions={field.value ? [field.value] : []}
              onBlur={field.onBlur}
              data-testid="attribute-form-kind"
              onOptionSelect={(_, d) => {
                field.onChange(d.optionValue);
                // A yes-or-no has no rule; another type reads the rule anew, so say at once whether it still parses.
                if (d.optionValue === 'boolean') form.setValue('rule', '');
                if (form.getFieldState('rule').isTouched || form.getValues('rule') !== '') void form.trigger('rule');
              }}
            >
              {ATTRIBUTE_KINDS.map((k) => (
                <Option key={k} value={k}>
                  {t(`product.attribute.kinds.${k}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="required"
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={t('product.attribute.required')}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked)}
            data-testid="attribute-form-required"
          />
        )}
      />
      <FormInput
        control={form.control}
        name="rule"
        label={t('product.attribute.rule')}
        required={kind !== 'boolean'}
        hint={kind === 'single' || kind === 'multiple' ? t('product.attribute.ruleHint') : undefined}
        input={{
          placeholder: t(`product.attribute.rulePlaceholders.${kind ?? 'string'}`),
          disabled: kind === 'boolean' || !kind,
          maxLength: ATTRIBUTE_LIMITS.rule,
          'data-testid': 'attribute-form-rule',
        }}
      />
      <FormInput
        control={form.control}
        name="unit"
        label={t('product.attribute.unit')}
        required={false}
        input={{
          placeholder: t('product.attribute.unitPlaceholder'),
          maxLength: ATTRIBUTE_LIMITS.unit,
          'data-testid': 'attribute-form-unit',
        }}
      />
    </FormDialog>
  );
}
