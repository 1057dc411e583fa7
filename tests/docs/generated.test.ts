/**
 * The docs' parts drawn from the code (scripts/docs-gen.ts): the README's
 * domain list and docs/architecture.md's table of the domains — what each
 * builds on, its ports, its recurring work — are what the code says now
 * (`npm run gen:docs` rewrites them). Ports are met by domains built on
 * their owner, and no new pair of domains that import each other appears.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainFacts, generatedParts, twoWayPairs, withPart } from '../../scripts/docs-gen.js';

const ROOT = join(import.meta.dirname, '../..');

describe('the generated docs', () => {
  it.each(generatedParts(ROOT).map((p) => [`${p.file} (${p.name})`, p] as const))(
    '%s is what the code says (npm run gen:docs)',
    (_label, { file, name, text }) => {
      const now = readFileSync(join(ROOT, file), 'utf8');
      expect(withPart(now, name, text, file)).toBe(now);
    },
  );

  it('names every domain, with the ports each declares met by a domain that builds on it', () => {
    const facts = domainFacts(ROOT);
    expect(facts.map((f) => f.name)).toEqual(expect.arrayContaining(['account', 'order', 'reconciliation']));
    const byName = new Map(facts.map((f) => [f.name, f]));
    for (const f of facts)
      for (const met of f.meets) {
        const owner = met.split('.')[0]!;
        expect(byName.get(owner)?.ports, `${f.name} meets ${met}`).toContain(met);
        expect(f.buildsOn, `${f.name} meets ${met}, so builds on ${owner}`).toContain(owner);
      }
    expect(facts.flatMap((f) => f.ports).sort()).toEqual(facts.flatMap((f) => f.meets).sort());
  });

  it('adds no pair of domains that import each other to the ones still to be made one way', () => {
    // Remove a pair here once it is one way; never add one.
    const known: string[] = [];
    expect(twoWayPairs(domainFacts(ROOT)).filter((p) => !known.includes(p))).toEqual([]);
  });
});
