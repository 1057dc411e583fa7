/**
 * The docs kept true by a test: a reader following a link finds its page and
 * heading, an operator finds every variable the code reads on the
 * configuration page, every domain has its page, the README fits on a screen,
 * and a code comment names a reason, not an issue number no clone can open.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.data', '.git', 'migrations']);

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...walk(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

const rel = (path: string) => relative(ROOT, path);
const DOC_FILES = [join(ROOT, 'README.md'), ...walk(ROOT, (f) => f.endsWith('.md') && !rel(f).startsWith('README'))];
const SOURCE_DIRS = ['server', 'electron', 'shared', 'renderer', 'scripts', 'bench', 'tests', 'eslint'];
const SOURCES = [
  ...SOURCE_DIRS.flatMap((d) => walk(join(ROOT, d), (f) => /\.(ts|tsx|mjs|js)$/.test(f))),
  ...readdirSync(ROOT)
    .filter((f) => /\.config\.(ts|mjs|js)$/.test(f))
    .map((f) => join(ROOT, f)),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (markdown: string) =>
  new Set(
    markdown
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );

describe('the docs', () => {
  it('find the pages the tree has', () => {
    expect(DOC_FILES.map(rel)).toEqual(
      expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/requirements.md', 'bench/README.md']),
    );
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of DOC_FILES) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#');
        const to = path ? resolve(dirname(file), path) : file;
        if (!existsSync(to)) broken.push(`${rel(file)} → ${target}`);
        else if (anchor && to.endsWith('.md') && !anchorsOf(readFileSync(to, 'utf8')).has(anchor))
          broken.push(`${rel(file)} → ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name every environment variable the code reads on the configuration page', () => {
    const read = new Set<string>();
    const patterns = [
      /\b(?:process\.env|env)\.([A-Z][A-Z0-9_]+)/g,
      /\b(?:process\.env|env)\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
      /envInteger\([^,]+,\s*'([A-Z][A-Z0-9_]+)'/g,
      /_ENV = '([A-Z][A-Z0-9_]+)'/g,
    ];
    for (const file of SOURCES) {
      if (file.endsWith('docs.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const [, name] of text.matchAll(pattern)) read.add(name!);
    }
    expect(read.size).toBeGreaterThan(30);
    const page = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    expect([...read].filter((name) => !page.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it('give every domain of every layer its page', () => {
    const domains = new Set<string>();
    for (const list of ['shared/domains.ts', 'server/domains.ts', 'renderer/domains.ts']) {
      const text = readFileSync(join(ROOT, list), 'utf8');
      // The list's members, and the folder each is imported from.
      const members = /DOMAINS = \[([^\]]+)\]/
        .exec(text)![1]!
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      for (const member of members) {
        const from = new RegExp(`import \\{[^}]*\\b${member}\\b[^}]*\\} from '\\./([a-z]+)/index\\.js'`).exec(text);
        domains.add(from ? from[1]! : `${list}: ${member} imported from no domain folder`);
      }
    }
    expect(domains.size).toBeGreaterThanOrEqual(17);
    expect([...domains].filter((d) => !existsSync(join(ROOT, 'docs/domains', `${d}.md`))).sort()).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect([...domains].filter((d) => !readme.includes(`(docs/domains/${d}.md)`)).sort()).toEqual([]);
  });

  it('keep the README to a screenful and every page to a sitting', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
    const long = DOC_FILES.filter((f) => readFileSync(f, 'utf8').split('\n').length > 400).map(rel);
    expect(long).toEqual([]);
  });

  it('leave code comments that give reasons, not issue numbers', () => {
    const cited = SOURCES.filter(
      (f) => !f.endsWith('docs.test.ts') && /\bissues? #?\d+/i.test(readFileSync(f, 'utf8')),
    ).map(rel);
    expect(cited).toEqual([]);
  });
});
