/**
 * The parts of the docs that the code already says, drawn from it: the
 * domain list of the README and of docs/architecture.md, and the domains'
 * graph — which domains each builds on (its imports of another domain's
 * folder, in any of shared/, server/ and renderer/), the ports it declares
 * (server/<d>/ports.ts, renderer/<d>/ports.ts) and the ports it meets, and
 * its recurring work.
 * Each sits between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->`;
 * `npm run gen:docs` writes them, and tests/docs/generated.test.ts fails when
 * a file differs from what this answers (a domain added without its docs, an
 * import that changed the graph).
 *
 * Pure text work over the source files (no domain module is loaded): the
 * docs test stays fast and needs no database.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LAYERS = ['shared', 'server', 'renderer'] as const;
/** Where ports are declared and met: the upstream's domains and the console's. */
const SIDES = ['server', 'renderer'] as const;

/** A domain's manifests, upstream's and console's, as one text (where it lists what it provides). */
const indexText = (root: string, name: string) =>
  SIDES.map((side) => join(root, side, name, 'index.ts'))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

/** The domains in the order of shared/domains.ts's list (the order they are assembled and documented in). */
export function domainNames(root: string): string[] {
  const text = readFileSync(join(root, 'shared/domains.ts'), 'utf8');
  const imports = new Map<string, string>();
  for (const m of text.matchAll(/import \{ (\w+) \} from '\.\/(\w+)\/index\.js';/g)) imports.set(m[1]!, m[2]!);
  const list = /export const DOMAINS = \[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((id) => {
      const folder = imports.get(id);
      if (!folder) throw new Error(`docs-gen: ${id} in shared/domains.ts is imported from no domain folder`);
      return folder;
    });
}

function filesOf(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? filesOf(path) : /\.tsx?$/.test(f) ? [path] : [];
  });
}

export interface DomainFacts {
  name: string;
  /** The other domains whose folders its files import, in list order. */
  buildsOn: string[];
  /** Ports it declares (`<domain>.<need>`). */
  ports: string[];
  /** Ports of other domains it meets, by name. */
  meets: string[];
  /** Its recurring work's kinds. */
  recurring: string[];
  /** Its docs page's title. */
  title: string;
}

/** The ports a domain's `ports.ts` on one side declares: exported variable → port name. */
function declaredPorts(root: string, side: string, name: string): Map<string, string> {
  const file = join(root, side, name, 'ports.ts');
  if (!existsSync(file)) return new Map();
  const text = readFileSync(file, 'utf8');
  return new Map(
    [...text.matchAll(/export const (\w+) =\s*port<[\s\S]*?>\(\s*'([\w.]+)'/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/**
 * The ports a domain's manifest on one side meets, by name: each `provide(local, …)` traced to the import that
 * brought `local` (`import { x as local } from '../<owner>/index.js'`) and the owner's declaration of `x`.
 */
function portsMet(root: string, side: string, name: string): string[] {
  const file = join(root, side, name, 'index.ts');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const origin = new Map<string, { owner: string; exported: string }>();
  for (const m of text.matchAll(/import \{([^}]*)\} from '\.\.\/(\w+)\/index\.js'/g))
    for (const part of m[1]!.split(',')) {
      const [exported, local = exported] = part.trim().split(/\s+as\s+/);
      if (exported) origin.set(local!.trim(), { owner: m[2]!, exported: exported.trim() });
    }
  return [...text.matchAll(/provide\(\s*(\w+)/g)].map((m) => {
    const from = origin.get(m[1]!);
    const port = from && declaredPorts(root, side, from.owner).get(from.exported);
    if (!port)
      throw new Error(`docs-gen: ${side}/${name}/index.ts provides ${m[1]}, which no domain's ports.ts declares`);
    return port;
  });
}

export function domainFacts(root: string): DomainFacts[] {
  const names = domainNames(root);
  const known = new Set(names);
  return names.map((name) => {
    const sources = LAYERS.flatMap((layer) => filesOf(join(root, layer, name))).map((f) => readFileSync(f, 'utf8'));
    const used = new Set<string>();
    for (const text of sources)
      for (const m of text.matchAll(/from '(?:\.\.\/)+(?:shared\/|server\/|renderer\/)?(\w+)\/[\w./-]+'/g))
        if (known.has(m[1]!) && m[1] !== name) used.add(m[1]!);
    const ports = SIDES.flatMap((side) => [...declaredPorts(root, side, name).values()]);
    const meets = SIDES.flatMap((side) => portsMet(root, side, name));
    const recurring = [...indexText(root, name).matchAll(/'([\w]+\.[\w]+)': \{\s*everyMs/g)].map((m) => m[1]!);
    const page = join(root, 'docs/domains', `${name}.md`);
    const title = existsSync(page) ? (/^# (.+)$/m.exec(readFileSync(page, 'utf8'))?.[1] ?? name) : name;
    return { name, buildsOn: names.filter((n) => used.has(n)), ports, meets, recurring, title };
  });
}

/** The README's domain list: a link to each domain's page. */
function readmeList(facts: readonly DomainFacts[]): string {
  const links = facts.map((f) => `[${f.name}](docs/domains/${f.name}.md)`);
  const lines: string[] = [];
  let line = 'The domains:';
  for (const link of links) {
    const next = `${line} ${link},`;
    if (next.length > 78 && line !== 'The domains:') {
      lines.push(line);
      line = `${link},`;
    } else line = next;
  }
  lines.push(`${line.slice(0, -1)}.`);
  return lines.join('\n');
}

/** Pairs of domains that import each other (in any layer), each once, in list order: where "one way" does not hold yet. */
export function twoWayPairs(facts: readonly DomainFacts[]): string[] {
  const on = new Map(facts.map((f) => [f.name, new Set(f.buildsOn)]));
  return facts.flatMap((f, i) =>
    facts
      .slice(i + 1)
      .filter((g) => on.get(f.name)!.has(g.name) && on.get(g.name)!.has(f.name))
      .map((g) => `${f.name} ↔ ${g.name}`),
  );
}

/** docs/architecture.md's table of the domains and what joins them. */
function architectureTable(facts: readonly DomainFacts[]): string {
  const code = (xs: readonly string[]) => (xs.length ? xs.map((x) => `\`${x}\``).join(', ') : '—');
  const pairs = twoWayPairs(facts);
  return [
    '| domain | page | builds on | ports it declares | ports it meets | recurring work |',
    '|---|---|---|---|---|---|',
    ...facts.map(
      (f) =>
        `| \`${f.name}\` | [${f.title}](domains/${f.name}.md) | ${f.buildsOn.join(', ') || '—'} | ${code(f.ports)} | ${code(f.meets)} | ${code(f.recurring)} |`,
    ),
    '',
    pairs.length
      ? `Domains that still import each other (${pairs.length}; each is to become one way — a port, a slot or a move): ${pairs.join(', ')}.`
      : 'No two domains import each other.',
  ].join('\n');
}

/** Each generated part by the file it lives in and its name. */
export function generatedParts(root: string): { file: string; name: string; text: string }[] {
  const facts = domainFacts(root);
  return [
    { file: 'README.md', name: 'domains', text: readmeList(facts) },
    { file: 'docs/architecture.md', name: 'domains', text: architectureTable(facts) },
  ];
}

/** A file's text with its generated part replaced; throws when the file lacks the part's markers. */
export function withPart(text: string, name: string, part: string, file: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const from = text.indexOf(open);
  const to = text.indexOf(close);
  if (from < 0 || to < from) throw new Error(`docs-gen: ${file} has no ${open} … ${close}`);
  return `${text.slice(0, from + open.length)}\n${part}\n${text.slice(to)}`;
}
