/** Field errors are texts: after a language switch, validate the erring fields again to re-word them. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function useRelocalise<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  const { i18n } = useTranslation();
  const lang = useRef(i18n.language);
  useEffect(() => {
    if (lang.current === i18n.language) return;
    lang.current = i18n.language;
    const names = Object.keys(form.formState.errors);
    if (names.length > 0) void form.trigger(names as Parameters<typeof form.trigger>[0]);
  }, [i18n.language, form]);
}
