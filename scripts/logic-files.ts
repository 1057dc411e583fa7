/**
 * `npm run logic-files -- <dir>`: copies the logic files the repetition
 * measure counts (docs/testing.md "Repeated code") into an empty folder,
 * made a git repository so a duplicate finder reads it as a tree, and prints
 * their non-blank lines — the figure's denominator.
 *
 * Logic files: `server/`, `shared/`, `electron/` and `renderer/`, TypeScript
 * only, without the catalogues (`texts*.ts`, `renderer/i18n/`), demo data
 * (`*demo*.ts`), migrations and the API tables (`shared/<domain>/api.ts`).
 *
 * An import or re-export that Prettier wraps onto one line a name is
 * folded back onto one line: a duplicate finder passes over import lines,
 * but a wrapped one's names read as lines of code, and two pages importing
 * six of the kit's pieces in alphabetical order counted as a repeated run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOTS = ['server', 'shared', 'electron', 'renderer'];

export function isLogicFile(path: string): boolean {
  if (!/\.tsx?$/.test(path) || path.endsWith('.d.ts')) return false;
  const name = path.split('/').at(-1)!;
  if (/^texts.*\.ts$/.test(name) || /demo/i.test(name)) return false;
  if (path.startsWith('renderer/i18n/') || path.includes('/migrations/')) return false;
  return !/^shared\/[^/]+\/api\.ts$/.test(path);
}

/** Each wrapped `import { … } from '…'` / `export { … } from '…'` on one line. */
export function foldImports(text: string): string {
  return text.replace(
    /^(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*('[^']+'|"[^"]+");?$/gm,
    (_all, word: string, type: string | undefined, names: string, from: string) =>
      `${word}${type ?? ''} { ${names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .join(', ')} } from ${from};`,
  );
}

function main(): void {
  const out = process.argv[2];
  // An empty (or new) folder only: a copy left from an earlier run would be counted with this one.
  if (!out || (existsSync(out) && readdirSync(out).length > 0)) {
    console.error('usage: npm run logic-files -- <empty folder>');
    process.exit(2);
  }
  const tracked = execFileSync('git', ['ls-files', ...ROOTS], { encoding: 'utf8' })
    .split('\n')
    .filter(isLogicFile);
  let lines = 0;
  for (const path of tracked) {
    const text = foldImports(readFileSync(path, 'utf8'));
    lines += text.split('\n').filter((l) => l.trim()).length;
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: out });
  execFileSync('git', ['add', '-A'], { cwd: out });
  console.log(`${tracked.length} logic files, ${lines} non-blank lines, in ${out}`);
}

if (process.argv[1]?.endsWith('logic-files.ts')) main();
