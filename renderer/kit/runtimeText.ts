/**
 * The translation function for keys made at run time (a resource's
 * namespace and a field's name: `scene` + `.name`), which the catalogue's
 * typed keys cannot follow. A key missing from the catalogue shows as itself
 * on the page, which the end-to-end tests of each page read.
 */
import { useTranslation } from 'react-i18next';

export type RuntimeText = (key: string, options?: Record<string, unknown>) => string;

export function useRuntimeText(): RuntimeText {
  return useTranslation().t as unknown as RuntimeText;
}
