/** What share forms type as text and send as integers: yuan (signed for an adjustment) as fen, a percentage as basis points. */
import { parseYuan } from '../../shared/format.js';

/** `-12.50` → -1250; null when it is no amount of at most two decimals. */
export function parseSignedYuan(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const fen = parseYuan(negative ? trimmed.slice(1) : trimmed);
  return fen === null ? null : negative ? -fen : fen;
}

/** `5` → 500, `7.25` → 725; null past 100 % or two decimals. */
export function parseRate(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as typed back: 725 → `7.25`, 500 → `5`. */
export const rateText = (bp: number) => String(bp / 100);
