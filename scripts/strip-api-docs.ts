/**
 * Vite plugin: the API table's documentation — each endpoint's `summary` and
 * `contended` (shared/api/define.ts), the schemas' `examples` — is read
 * by the upstream and the tests, never by the console. In the renderer build
 * it is emptied, so the sign-in page does not download it (about 25 KB of
 * English before gzip). Found by the parser (the bundler's own), not by a
 * pattern: only a string or template value of a property with that name,
 * in shared/.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const DOCS = new Set(['summary', 'contended']);
/** A schema's OpenAPI examples (`.meta({ examples: [...] })`): emptied too. */
const EXAMPLES = 'examples';
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node))
    if (key !== 'type' && value && typeof value === 'object') walk(value, visit);
}

export function stripApiDocs(): Plugin {
  return {
    name: 'vend-strip-api-docs',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]shared[\\/].*\.ts$/.test(id) || !/\b(summary|contended|examples)\s*:/.test(code)) return null;
      const s = new MagicString(code);
      walk(this.parse(code), (n) => {
        if (n.type !== 'Property' || n.computed) return;
        const key = n.key as Node & { name?: string };
        const value = n.value as Node;
        if (key.type !== 'Identifier') return;
        if (DOCS.has(key.name ?? '') && (value.type === 'Literal' || value.type === 'TemplateLiteral'))
          s.overwrite(value.start, value.end, '""');
        else if (key.name === EXAMPLES && value.type === 'ArrayExpression') s.overwrite(value.start, value.end, '[]');
      });
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
