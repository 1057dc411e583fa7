/**
 * What the desktop installer carries beside Electron itself: the
 * files `electron-builder.yml` names, as a packaging build makes them (the
 * renderer, main and preload: VEND_ELECTRON=1 vite build), plus the
 * production dependency tree, which electron-builder copies into the app
 * whatever `files` says — against a budget of 10 MB. Prints the figure and the
 * ten largest entries (a file, or a production package whole).
 * Everything the bundles contain is a dev dependency, so the tree is empty
 * today: a package added to `dependencies` shows here with its size.
 */
import { execFileSync } from 'node:child_process';
import { glob, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { build } from 'vite';
import { Budgets } from './support.js';

const BUDGET_MB = 10;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Entry {
  name: string;
  bytes: number;
}

/** Every file under `dir`, summed (a production package as electron-builder copies it). */
async function sizeOfTree(dir: string): Promise<number> {
  let bytes = 0;
  for await (const file of glob('**/*', { cwd: dir, withFileTypes: true })) {
    if (file.isFile()) bytes += (await stat(join(file.parentPath, file.name))).size;
  }
  return bytes;
}

/** The production dependency tree's package folders (npm's own answer: `npm ls --omit=dev --all --parseable`). */
function productionPackages(): string[] {
  const out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== root.replace(/\/$/, ''));
}

process.env.VEND_ELECTRON = '1';
await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });

const config = parse(await readFile(join(root, 'electron-builder.yml'), 'utf8')) as { files: string[] };
const entries: Entry[] = [];
const seen = new Set<string>();
for (const pattern of config.files) {
  for await (const file of glob(pattern, { cwd: root })) {
    const path = join(root, file);
    const info = await stat(path);
    if (!info.isFile() || seen.has(path)) continue;
    seen.add(path);
    entries.push({ name: relative(root, path), bytes: info.size });
  }
}
for (const dir of productionPackages())
  entries.push({ name: `${relative(root, dir)}/ (production dependency)`, bytes: await sizeOfTree(dir) });

entries.sort((a, b) => b.bytes - a.bytes);
const mb = (bytes: number) => bytes / 1024 / 1024;
for (const e of entries.slice(0, 10)) console.log(`${mb(e.bytes).toFixed(2).padStart(7)} MB  ${e.name}`);
const total = entries.reduce((sum, e) => sum + e.bytes, 0);
console.log(`packaged beside Electron: ${entries.length} entries`);
const budgets = new Budgets();
budgets.check("  the app's files and production node_modules", mb(total), BUDGET_MB, 'MB');
budgets.finish('installer');
