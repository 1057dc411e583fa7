/**
 * Pinyin search keys, computed when a row is written so a filter is one
 * `ilike` (the "pinyin search"): a name is found by itself, by its
 * full pinyin (`kekoukele`, and so `kele`) and by its initials (`kkkl`).
 * pinyin-pro reads polyphones in context (可乐 is ke-le, 音乐 yin-yue).
 */
import { pinyin } from 'pinyin-pro';
import { containsPattern } from './sql.js';

/** `可口可乐 330ml` → `可口可乐330ml kekoukele330ml kkkl330ml`: lower-cased, spaces dropped, for a substring match. */
export function searchKey(...names: readonly string[]): string {
  const parts: string[] = [];
  for (const name of names) {
    const text = name.trim().toLowerCase();
    if (!text) continue;
    const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
    const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
    const squash = (syllables: string[]) => syllables.join('').replace(/\s+/g, '');
    parts.push(squash([text]), squash(full), squash(initials));
  }
  return [...new Set(parts)].join(' ');
}

/** What a user typed, as a pattern over `searchKey`: spaces dropped (`ke le` finds 可乐), LIKE's wildcards escaped. */
export const searchPattern = (typed: string): string => containsPattern(typed.toLowerCase().replace(/\s+/g, ''));
