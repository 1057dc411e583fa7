/**
 * A Fluent Combobox that filters its list as the user types (the region
 * picker's levels, MultiPick): what is typed, and the props that keep it.
 */
import { useState, type ChangeEvent } from 'react';

export function useTypedFilter() {
  // What the user is typing; null when not typing, and the box shows what is chosen.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return {
    query,
    /** Back to showing what is chosen (a choice made). */
    clear: () => setQuery(null),
    /** Spread on the Combobox. */
    props: {
      open,
      // Typed text opens the list. Fluent opens it on a key press only, and an input method (pinyin,
      // zhuyin) sends no key it counts as typing: without this, Chinese typed would filter a closed list.
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setQuery(e.target.value);
        setOpen(true);
      },
      onOpenChange: (_: unknown, d: { open: boolean }) => {
        setOpen(d.open);
        if (!d.open) setQuery(null);
      },
      onBlur: () => setQuery(null),
    },
  };
}
