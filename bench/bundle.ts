/**
 * What the sign-in page costs to load: the JavaScript a browser fetches
 * before anyone signs in — the entry's chunk and the chunks it imports
 * statically, one language's UI catalogue (the heaviest of the three:
 * scripts/ui-tables.ts), then the sign-in page's own (the /login route's lazy
 * module) and its static imports — gzip-compressed, against the budget of
 * 150 KB.
 * Everything else (the shell, the screens, the list kit) must stay behind a
 * lazy boundary. Read from Vite's manifest of a production build into a
 * temporary folder; dist/renderer is left alone.
 */
import { build, type Manifest } from 'vite';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGS } from '../shared/i18n/define.js';
import { Budgets } from './support.js';

/** Gzip KB of JavaScript before sign-in (the brief of the console). */
const BUDGET_KB = 150;
/** The sign-in page's module, as Vite's manifest names it (relative to the renderer's root). */
const SIGN_IN_MODULE = 'account/LoginPage.tsx';

const out = await mkdtemp(join(tmpdir(), 'bench-bundle-'));
const budgets = new Budgets();
try {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: out, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(await readFile(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[SIGN_IN_MODULE]) throw new Error(`bench: the build has no entry or no ${SIGN_IN_MODULE}`);
  // The static closure: what a chunk cannot run without, which Vite preloads with it.
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const next of manifest[key]!.imports ?? []) visit(next);
  };
  visit(entry);
  visit(SIGN_IN_MODULE);
  const sizeOf = async (key: string) => {
    const bytes = await readFile(join(out, manifest[key]!.file));
    return { file: manifest[key]!.file, raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  const catalogues = await Promise.all(LANGS.map((lang) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(`virtual:ui/catalogue/${lang}`));
    if (!key) throw new Error(`bench: the build has no catalogue of ${lang}`);
    return sizeOf(key);
  }));
  const sizes = [...await Promise.all([...loaded].map(sizeOf)), catalogues.reduce((a, b) => (b.gzip > a.gzip ? b : a))];
  sizes.sort((a, b) => b.gzip - a.gzip);
  for (const s of sizes.slice(0, Number(process.env.BUNDLE_ROWS ?? 8))) console.log(`${(s.gzip / 1024).toFixed(2).padStart(7)} KB gzip  ${(s.raw / 1024).toFixed(0).padStart(5)} KB  ${s.file}`);
  const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
  console.log(`sign-in page: ${sizes.length} chunks, ${(raw / 1024).toFixed(0)} KB of JavaScript`);
  budgets.check('  JavaScript before sign-in, gzip', sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024, BUDGET_KB, 'KB');
} finally {
  await rm(out, { recursive: true, force: true });
}
budgets.finish('sign-in page');
