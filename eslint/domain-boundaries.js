// @ts-check
/**
 * The domain is the unit of the code (ARCHITECTURE §4), as a lint rule in the
 * spirit of VS Code's `code-import-patterns`:
 * - a mechanism file (the folders that assemble domains: shared/api,
 *   shared/errors, shared/i18n, shared/routes, server/http, server/db, server/storage, server/jobs, server/identity,
 *   server/imports (and shared/imports.ts),
 *   renderer/app, renderer/shell, renderer/kit, the manifest modules, shared/bridge.ts
 *   and server/scope.ts)
 *   imports no domain folder;
 * - a domain reaches another domain only through its `index.ts` (on the
 *   upstream also its `schema.ts`: tables are shared by foreign keys), never
 *   into its internals.
 * Domains are not listed here: every folder of shared/, server/ or renderer/
 * that is not a mechanism or common folder is one, so a new domain needs no
 * line in this file.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = ['shared', 'server', 'renderer'];

/** Folders of each layer that are mechanism (M) or common to every domain (C), never domains. */
const NOT_DOMAINS = {
  shared: { api: 'M', errors: 'M', i18n: 'M', routes: 'M', common: 'C' },
  server: { http: 'M', db: 'M', storage: 'M', jobs: 'M', identity: 'M', imports: 'M' },
  renderer: { app: 'M', shell: 'M', kit: 'M', i18n: 'C' },
};
/** Mechanism files at a layer's top level. */
const MECHANISM_FILES = new Set([
  'shared/manifest.ts',
  'shared/routes.ts',
  'shared/bridge.ts',
  'shared/imports.ts',
  'server/manifest.ts',
  'server/scope.ts',
  'renderer/manifest.ts',
]);
/** What a foreign domain may be imported through. */
const PUBLIC_ENTRIES = new Set(['index', 'schema']);

const folders = (layer) => {
  const dir = path.join(ROOT, layer);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
};
/** Every domain name: a folder of any layer that is neither mechanism nor common. */
export const DOMAINS = new Set(LAYERS.flatMap((layer) => folders(layer).filter((f) => !(f in NOT_DOMAINS[layer]))));

/** Where a repository-relative path lies: its layer, and its domain or mechanism role. */
function place(rel) {
  const parts = rel.split(/[\\/]/);
  const [layer, folder] = parts;
  if (!LAYERS.includes(layer)) return { layer: undefined };
  const file = parts
    .join('/')
    .replace(/\.(js|ts|tsx)$/, '.ts')
    .replace(/\.ts$/, '');
  if (MECHANISM_FILES.has(`${file}.ts`)) return { layer, mechanism: true };
  if (parts.length > 2 && NOT_DOMAINS[layer][folder] === 'M') return { layer, mechanism: true };
  if (parts.length > 2 && DOMAINS.has(folder) && !(folder in NOT_DOMAINS[layer])) {
    return {
      layer,
      domain: folder,
      entry: parts.length === 3 ? path.basename(parts[2]).replace(/\.(js|ts|tsx)$/, '') : undefined,
    };
  }
  return { layer };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Mechanism imports no domain; a domain imports another only through its index.ts (ARCHITECTURE §4).',
    },
    messages: {
      mechanism:
        "This mechanism file may not import the {{domain}} domain: take what it needs from the layer's list (domains.ts) or a slot.",
      internals: 'Import the {{domain}} domain through its index.ts, not its internals ({{source}}).',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = place(path.relative(ROOT, filename));
    if (!from.layer || (!from.mechanism && !from.domain)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = place(path.relative(ROOT, path.resolve(path.dirname(filename), source)));
      if (!target.domain) return;
      if (from.mechanism) {
        context.report({ node, messageId: 'mechanism', data: { domain: target.domain } });
      } else if (target.domain !== from.domain && !PUBLIC_ENTRIES.has(target.entry ?? '')) {
        context.report({ node, messageId: 'internals', data: { domain: target.domain, source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'domain-boundaries': rule } };
