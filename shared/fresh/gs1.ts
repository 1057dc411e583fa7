/**
 * A GS1 barcode as a scanner types it (GS1-128 or GS1 DataMatrix): its
 * expiry (application identifier 17, YYMMDD) and lot (10), and the product's
 * trade item number (01) when it carries one. Both the bracketed form
 * printed under a barcode, `(01)06901234567892(17)271231(10)A12`, and the
 * raw form a scanner sends, `01069012345678921727123110A12` with the group
 * separator (ASCII 29) or nothing after a variable-length field that ends the
 * string, are read. Hand-written because the one AI set a refill needs is
 * three fields; a GS1 library would weigh more than the screen it serves.
 */

export interface Gs1Read {
  gtin?: string;
  /** YYYY-MM-DD; GS1's day 00 means the month's last day. */
  expiresOn?: string;
  lot?: string;
}

const GS = '\u001d';
/** Fixed-length application identifiers and their data lengths (what a refill label carries, and those beside them). */
const FIXED: Readonly<Record<string, number>> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
};
/** Variable-length ones, ended by the group separator or the string's end: lot, serial, and the others a label may add. */
const VARIABLE = new Set(['10', '21', '22', '30', '37', '240', '241', '250', '251', '400', '410', '414']);
const MAX_VARIABLE = 20;

/** The YYYY-MM-DD of a GS1 YYMMDD: the century nearest today (GS1 General Specifications §7.12), day 00 the month's end. */
export function gs1Day(yymmdd: string, today = new Date()): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return undefined;
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  // Within 49 years back and 50 ahead of this year.
  const diff = yy - (thisYear % 100);
  const year = century + yy + (diff >= 51 ? -100 : diff <= -50 ? 100 : 0);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The fields of a GS1 element string, or null when it is not one (a plain lot typed by hand, an EAN-13). */
export function readGs1(raw: string, today = new Date()): Gs1Read | null {
  const text = raw.trim().replace(/^\](C1|e0|d2|Q3)/, '');
  const fields = text.startsWith('(') ? bracketed(text) : plain(text);
  if (!fields || !fields.size) return null;
  const out: Gs1Read = {};
  const gtin = fields.get('01');
  if (gtin !== undefined) out.gtin = gtin;
  const expiry = fields.get('17');
  if (expiry !== undefined) {
    const day = gs1Day(expiry, today);
    if (!day) return null;
    out.expiresOn = day;
  }
  const lot = fields.get('10');
  if (lot !== undefined) out.lot = lot;
  return out.expiresOn !== undefined || out.lot !== undefined || out.gtin !== undefined ? out : null;
}

function bracketed(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  const re = /\((\d{2,4})\)([^(]*)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(text))) {
    const [, ai, value] = m as unknown as [string, string, string];
    const data = value.replace(new RegExp(GS, 'g'), '');
    if (!valid(ai, data)) return null;
    out.set(ai, data);
    at = re.lastIndex;
  }
  return at === text.length ? out : null;
}

function plain(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    const ai = [2, 3].map((n) => text.slice(at, at + n)).find((a) => a in FIXED || VARIABLE.has(a));
    if (!ai) return null;
    at += ai.length;
    if (ai in FIXED) {
      const data = text.slice(at, at + FIXED[ai]!);
      if (!valid(ai, data)) return null;
      out.set(ai, data);
      at += data.length;
    } else {
      const end = text.indexOf(GS, at);
      const data = text.slice(at, end < 0 ? text.length : end);
      if (!valid(ai, data)) return null;
      out.set(ai, data);
      at += data.length;
    }
  }
  return out;
}

function valid(ai: string, data: string): boolean {
  const fixed = FIXED[ai];
  if (fixed !== undefined) return data.length === fixed && /^\d+$/.test(data);
  return data.length >= 1 && data.length <= MAX_VARIABLE && /^[\x21-\x7e]+$/.test(data);
}
