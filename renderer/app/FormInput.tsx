/**
 * One text input of a react-hook-form form: a Fluent Field with its label,
 * required mark and the field's (localised) error, around an Input bound to
 * the form. Every form of the console draws its text fields with it.
 */
import { Field, Input, type InputProps } from '@fluentui/react-components';
import { Controller, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useDirtyForm } from './dirty.js';

export interface FormInputProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  /** A line under the input saying what it takes (a syntax, a limit). */
  hint?: string;
  /**
   * Keep the error line's room while there is no error: for a form that must
   * check on blur (the spec's password dialog), so that an error appearing
   * moves nothing under the pointer.
   */
  reserveMessage?: boolean;
  /** Runs after the form has registered the blur (e.g. re-check a dependent field). */
  onBlur?: () => void;
  input?: Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'name'> & { 'data-testid'?: string };
}

export function FormInput<T extends FieldValues>({
  control,
  name,
  label,
  required = true,
  hint,
  reserveMessage = false,
  onBlur,
  input,
}: FormInputProps<T>) {
  // Its form's unsaved input is registered (app/dirty.ts): a language switch asks before losing it.
  useDirtyForm(useFormState({ control }).isDirty);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          required={required}
          // The error that says what the hint says replaces it, not repeats it.
          hint={fieldState.error?.message === hint ? undefined : hint}
          validationMessage={fieldState.error?.message ?? (reserveMessage ? ' ' : undefined)}
          validationState={fieldState.error ? 'error' : 'none'}
        >
          <Input
            {...input}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            disabled={field.disabled || input?.disabled}
            onChange={field.onChange}
            onBlur={() => {
              field.onBlur();
              onBlur?.();
            }}
          />
        </Field>
      )}
    />
  );
}
