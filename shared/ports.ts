/**
 * Ports between domains: what a domain needs from one built on it. A point
 * lists its store staff, whom the staff domain keeps; a machine's heartbeat
 * offers the firmware update the firmware domain decides; an order's page
 * shows its refunds, which the refund domain's screens draw. The lower
 * domain may not import the higher one (the one-way rule), and reading the
 * higher one's table by its name in a string would compile after a rename
 * and fail at run time. So the lower domain declares the port, typed, in its
 * own `ports.ts` (`server/<d>/ports.ts` for the upstream, `renderer/<d>/ports.ts`
 * for the console) and lists it in its manifest (`ports`); the higher domain
 * imports it through the lower one's index and plugs in its implementation
 * (`provides: [provide(port, impl)]`); each side's assembly
 * (server/domains.ts, renderer/domains.ts) wires them all when it loads, and
 * stops there when a port is plugged twice or not at all — not at the first
 * request or render that needs it.
 *
 * Code, the same in every instance and window: nothing two must agree on.
 */

/** A need of one domain that another meets. */
export interface Port<T> {
  /** `<domain>.<need>`: what the start names when it is not met. */
  readonly name: string;
  /** The implementation wired at the assembly. */
  readonly use: () => T;
}

/** A port with its implementation, as a providing manifest lists it. */
export interface Provision {
  readonly port: Port<unknown>;
  readonly impl: unknown;
}

/** The wiring's side of a port: only `wirePorts` plugs one. */
const plugs = new WeakMap<Port<unknown>, { impl?: unknown }>();

/** Declares a port; its `use()` answers the implementation once wired, and throws before. */
export function port<T>(name: string): Port<T> {
  const plug: { impl?: unknown } = {};
  const made: Port<T> = {
    name,
    use: () => {
      if (!('impl' in plug)) throw new Error(`port ${name} is used before the domains are wired (server/domains.ts)`);
      return plug.impl as T;
    },
  };
  plugs.set(made as Port<unknown>, plug);
  return made;
}

/** A port's implementation, typed against the port. */
export const provide = <T>(p: Port<T>, impl: T): Provision => ({ port: p as Port<unknown>, impl });

/**
 * Plugs every provision into its port; throws when a port is plugged twice,
 * when a provision's port is declared by no domain, or when a declared port
 * is plugged by none.
 */
export function wirePorts(declared: readonly Port<unknown>[], provisions: readonly Provision[]): void {
  const known = new Set(declared);
  const met = new Set<Port<unknown>>();
  for (const { port: p, impl } of provisions) {
    if (!known.has(p)) throw new Error(`ports: ${p.name} is provided but no domain lists it in its manifest's ports`);
    if (met.has(p)) throw new Error(`ports: ${p.name} is provided twice`);
    met.add(p);
    plugs.get(p)!.impl = impl;
  }
  const missing = declared.filter((p) => !met.has(p)).map((p) => p.name);
  if (missing.length)
    throw new Error(`ports: nothing provides ${missing.join(', ')} (is its domain in server/domains.ts?)`);
}
