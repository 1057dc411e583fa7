/**
 * How a filter's control tells the folded filter bar what it shows (issue 31:
 * "the active filters as chips"). Only the control knows the words for its
 * value — a tenant's name, a state's label, the region's names — so the kit's
 * controls report them here, and the enclosing `FilterField` hands them, with
 * its label, to the `FilterBar`. Outside a filter bar (a form) reporting does
 * nothing.
 */
import { createContext, useContext, useEffect } from 'react';

/** What a field shows, trimmed; undefined when it filters nothing ("All", empty). */
export type Report = (text: string | undefined) => void;

export const FilterShownContext = createContext<Report | undefined>(undefined);

/** Report the text a control shows for its value while it sits in a filter field. */
export function useFilterShown(text: string | undefined): void {
  const report = useContext(FilterShownContext);
  const shown = text?.trim() || undefined;
  useEffect(() => { report?.(shown); }, [report, shown]);
}

/** One active filter as the folded bar shows it. */
export interface FilterChip {
  id: string;
  label: string;
  text: string;
}

/** What a filter bar gives its fields: where a field reports its label and text (undefined text: inactive or gone). */
export type ChipRegistry = (id: string, label: string, text: string | undefined) => void;

export const ChipRegistryContext = createContext<ChipRegistry | undefined>(undefined);

/** The registry's chips in the order the fields were first seen, the inactive ones left out. */
export const activeChips = (fields: ReadonlyMap<string, { label: string; text: string | undefined }>): FilterChip[] =>
  [...fields].flatMap(([id, { label, text }]) => (text === undefined ? [] : [{ id, label, text }]));
