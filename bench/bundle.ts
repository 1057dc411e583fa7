/**
 * What the sign-in page costs to load: the JavaScript a browser fetches
 * before it can show the sign-in page — the entry's chunk (the sign-in page
 * is part of it, renderer/main.tsx) and the chunks it imports statically,
 * one language's UI catalogue and error texts (the heaviest of the three:
 * scripts/ui-tables.ts) — gzip-compressed, against the budget of 150 KB.
 * The console (renderer/app/mount.tsx: the router, Fluent, the shell, the
 * screens) stays behind a lazy boundary; the page fetches it in the
 * background once it has painted, which this figure leaves out. Read from
 * Vite's manifest of a production build into a temporary folder;
 * dist/renderer is left alone.
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

const out = await mkdtemp(join(tmpdir(), 'bench-bundle-'));
const budgets = new Budgets();
try {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(await readFile(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('bench: the build has no entry');
  // The static closure: what a chunk cannot run without, which Vite preloads with it.
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const next of manifest[key]!.imports ?? []) visit(next);
  };
  visit(entry);
  if (!manifest[entry]!.dynamicImports?.includes('app/mount.tsx'))
    throw new Error('bench: the entry does not load the console lazily (app/mount.tsx)');
  if (loaded.has('app/mount.tsx')) throw new Error("bench: the console is in the sign-in page's static closure");
  const sizeOf = async (key: string) => {
    const bytes = await readFile(join(out, manifest[key]!.file));
    return { file: manifest[key]!.file, raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  /** The heaviest language's module of one kind (`virtual:ui/catalogue/<lang>`, `virtual:ui/errors/<lang>`). */
  const heaviest = async (kind: string) => {
    const sizes = await Promise.all(
      LANGS.map((lang) => {
        const key = Object.keys(manifest).find((k) => k.endsWith(`virtual:ui/${kind}/${lang}`));
        if (!key) throw new Error(`bench: the build has no ${kind} of ${lang}`);
        return sizeOf(key);
      }),
    );
    return sizes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  };
  const sizes = [
    ...(await Promise.all([...loaded].map(sizeOf))),
    await heaviest('catalogue'),
    await heaviest('errors'),
  ];
  sizes.sort((a, b) => b.gzip - a.gzip);
  for (const s of sizes.slice(0, Number(process.env.BUNDLE_ROWS ?? 8)))
    console.log(
      `${(s.gzip / 1024).toFixed(2).padStart(7)} KB gzip  ${(s.raw / 1024).toFixed(0).padStart(5)} KB  ${s.file}`,
    );
  const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
  console.log(`sign-in page: ${sizes.length} chunks, ${(raw / 1024).toFixed(0)} KB of JavaScript`);
  budgets.check('  JavaScript before sign-in, gzip', sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024, BUDGET_KB, 'KB');
} finally {
  await rm(out, { recursive: true, force: true });
}
budgets.finish('sign-in page');
