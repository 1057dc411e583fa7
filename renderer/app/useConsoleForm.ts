/**
 * A form as the console's dialogs and pages make it: checked on submit, then
 * live as each field is corrected (SUBMIT_THEN_LIVE), and its error lines
 * re-worded when the language changes (useRelocalise).
 */
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { SUBMIT_THEN_LIVE } from './form.js';
import { useRelocalise } from './useRelocalise.js';

export function useConsoleForm<V extends FieldValues>(
  props: Omit<UseFormProps<V, unknown, V>, 'mode' | 'reValidateMode'>,
): UseFormReturn<V, unknown, V> {
  const form = useForm<V, unknown, V>({ ...props, ...SUBMIT_THEN_LIVE });
  useRelocalise(form);
  return form;
}
