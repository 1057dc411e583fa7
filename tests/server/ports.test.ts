/**
 * Ports between domains (server/ports.ts): the assembly wires each declared
 * port to its one provision and stops the start when a port is provided by
 * none, provided twice, or provided without a domain listing it; a port used
 * before the wiring says so. The upstream's own domains wire without a gap,
 * and no domain reads another's provision by a name in a string.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_DOMAINS } from '../../server/domains.js';
import { port, provide, wirePorts } from '../../shared/ports.js';

describe('ports', () => {
  it('answers the one implementation wired, and refuses a use before the wiring', () => {
    const staffOf = port<(pointId: number) => string>('point.test');
    expect(() => staffOf.use()).toThrow(/point\.test is used before/);
    wirePorts([staffOf], [provide(staffOf, (id) => `staff of ${id}`)]);
    expect(staffOf.use()(7)).toBe('staff of 7');
  });

  it('stops the start on a port provided by none, provided twice, or provided but declared by no domain', () => {
    const a = port<number>('a.one');
    const b = port<number>('b.two');
    expect(() => wirePorts([a, b], [provide(a, 1)])).toThrow(/nothing provides b\.two/);
    expect(() => wirePorts([a], [provide(a, 1), provide(a, 2)])).toThrow(/a\.one is provided twice/);
    expect(() => wirePorts([a], [provide(a, 1), provide(b, 2)])).toThrow(/b\.two is provided but no domain lists it/);
  });

  it("wires the upstream's domains: each port named after the domain that declares it, each used one met", () => {
    const declared = SERVER_DOMAINS.flatMap((d) => ('ports' in d ? d.ports.map((p) => [d.name, p] as const) : []));
    expect(declared.length).toBeGreaterThanOrEqual(12);
    for (const [domain, p] of declared) {
      expect(p.name.split('.')[0], p.name).toBe(domain);
      expect(() => p.use(), p.name).not.toThrow();
    }
  });
});
