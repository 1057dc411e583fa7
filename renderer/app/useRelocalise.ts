/** Field errors are texts: after a language switch, validate the erring fields again to re-word them. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';

export function useRelocalise<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  const { i18n } = useTranslation();
  // Read through a subscription of its own: `form.formState` holds only what the form's component reads, so an error
  // that only its field shows (a field left empty on blur) would be missing there, and stay in the old language.
  const { errors } = useFormState({ control: form.control });
  const erring = useRef(errors);
  erring.current = errors;
  const lang = useRef(i18n.language);
  useEffect(() => {
    if (lang.current === i18n.language) return;
    lang.current = i18n.language;
    const names = Object.keys(erring.current);
    if (names.length > 0) void form.trigger(names as Parameters<typeof form.trigger>[0]);
  }, [i18n.language, form]);
}
