/**
 * A field choosing several of a few hundred named records (a tenant's
 * devices, scenes, products, groups): Fluent's multiselect combobox, the
 * chosen ones' names joined as its value while it is closed. Typing filters
 * the list by name and by each option's note (a product's code, a device's
 * serial), which is kinder than scrolling through 500 names.
 */
import { Combobox, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useTypedFilter } from './useTypedFilter.js';

export interface PickOption {
  id: number;
  text: string;
  /** What tells two options of one name apart (a product's code and price), shown after the name. */
  note?: string | undefined;
}

export interface MultiPickProps {
  label: string;
  options: readonly PickOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** What shows while nothing is chosen. */
  placeholder: string;
  testId: string;
  required?: boolean;
  error?: string | undefined;
  /** Why nothing can be chosen yet (the devices that hold the products are not chosen): shown under the field, which is disabled. */
  waitingFor?: string | undefined;
}

/** The options whose name or note holds what was typed (case aside). */
export function matchingOptions(options: readonly PickOption[], query: string | null): readonly PickOption[] {
  const q = query?.trim().toLowerCase() ?? '';
  if (!q) return options;
  return options.filter((o) => o.text.toLowerCase().includes(q) || (o.note?.toLowerCase().includes(q) ?? false));
}

export function MultiPick(props: MultiPickProps) {
  const { label, options, value, onChange, placeholder, testId, required, error, waitingFor } = props;
  const { t } = useTranslation();
  const typed = useTypedFilter();
  const { query } = typed;
  const chosen = options.filter((o) => value.includes(o.id));
  const shown = matchingOptions(options, query);
  const textOf = (o: PickOption) => (o.note ? t('common.withNote', { text: o.text, note: o.note }) : o.text);
  return (
    <Field
      label={label}
      required={required}
      validationMessage={error ?? waitingFor}
      validationState={error ? 'error' : 'none'}
    >
      <Combobox
        multiselect
        placeholder={placeholder}
        disabled={waitingFor !== undefined}
        value={query ?? chosen.map((o) => o.text).join(t('common.listSeparator'))}
        selectedOptions={value.map(String)}
        {...typed.props}
        onOptionSelect={(_, d) => {
          if (d.optionValue === '') return;
          onChange(d.selectedOptions.map(Number));
        }}
        data-testid={testId}
      >
        {shown.length > 0 ? (
          shown.map((o) => (
            <Option key={o.id} value={String(o.id)} text={textOf(o)}>
              {textOf(o)}
            </Option>
          ))
        ) : (
          // Fluent's own "no matches" row: announced, not selectable.
          <Option key="none" aria-disabled="true" value="" text="">
            {t('pick.noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}

/** A product as an option: its name, told apart from its namesakes by its code and price (or price range). */
export function productOption(p: { id: number; name: string; number: string }, price: string): PickOption {
  return { id: p.id, text: p.name, note: `${p.number} · ${price}` };
}
