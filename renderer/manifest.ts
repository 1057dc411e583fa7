/**
 * What a domain contributes to the renderer (ARCHITECTURE §4): one manifest,
 * `renderer/<domain>/index.ts`, exporting its screens keyed by route name
 * (the `name` of its views in shared/<domain>/routes.ts), each loaded on
 * demand, and the pieces of the frame it fills (slots: the sign-in page, the
 * profile menu of the top bar), so that the mechanism (renderer/app,
 * renderer/shell) imports no domain. renderer/domains.ts lists the manifests.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType } from 'react';
import type { Lang } from '../shared/i18n/define.js';
import type { SessionUser } from '../shared/ipc.js';
import { wirePorts, type Port, type Provision } from '../shared/ports.js';

export type Screen = Preloadable;

/** A screen (or a piece of the frame) whose module can be loaded ahead (`preload`), see `preloadable`. */
export type Preloadable<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Whether the module is loaded: the component then renders without suspending. */
  loaded: () => boolean;
};

/**
 * A lazy component that can be loaded ahead: once `preload` has resolved it
 * renders at once, without suspending. A plain `lazy` suspends on its first
 * render even when its module is already loaded (its own import() promise
 * has not settled yet), and React then holds the revealed page back until
 * 300 ms after the spinner showed (its Suspense fallback throttle) — after
 * sign-in, that was a third of the dashboard's second. Every screen is one:
 * the console loads the landing screen's module beside the shell's
 * (renderer/app/preload.ts).
 */
export function preloadable<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  // A second call imports the same module again: the browser's module map answers it.
  const preload = async (): Promise<{ default: ComponentType<P> }> => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(preload);
  return Object.assign((props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props), {
    preload,
    loaded: () => loaded !== undefined,
  });
}

/** A page module loaded on demand (react-router's `lazy`). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/** The pieces of the frame a domain may fill; each is filled by exactly one domain. */
export interface Slots {
  /** The /login page. */
  signIn: PageModule;
  /** The profile menu at the right of the top bar; the frame shows it under a Suspense boundary, so it may be lazy. */
  profileMenu: ComponentType;
}

/**
 * What a domain makes of one of its live events (shared/api/events.ts
 * `data`): the operations whose open queries to refresh, and the line of a
 * notification to show, if any. A pure function, small enough for the first
 * bundle (it runs whatever screen is open).
 */
export type LiveHandler = (data: unknown, lang: Lang) => { refresh: readonly string[]; notice?: string };

/**
 * Work a domain starts the moment a user signs in, before the shell has
 * drawn: the module and first reads of the screen the user is going to
 * (`to`: the path the sign-in continues to), so that they load beside the
 * shell instead of after it. Small: it is in the first bundle.
 */
export type SessionStart = (client: QueryClient, user: SessionUser, to: string) => void;

/**
 * Code a domain loads while a signed-out user types at sign-in:
 * the module of the screen the sign-in will likely continue to (`to`), no
 * reads (there is no user yet), so that the shell and that screen draw as
 * the sign-in answers instead of competing with their own loading.
 */
export type SignInWarm = (to: string) => void;

export interface RendererManifest {
  name: string;
  screens: Readonly<Record<string, Screen>>;
  slots?: Partial<Slots>;
  /** Its live events' handlers, by topic (the domain's name). */
  live?: Readonly<Record<string, LiveHandler>>;
  sessionStart?: SessionStart;
  /**
   * Work a domain starts as a move inside the console changes the address to `to` (path and query), before the
   * shell renders it: the reads of its screen there, which its page would ask for only once it renders (50–70 ms
   * later on a slow machine, `npm run bench:browser`). Small: it is in the first bundle.
   */
  moveStart?: SessionStart;
  warm?: SignInWarm;
  /** What its screens need from domains built on it, declared in its `ports.ts` (shared/ports.ts). */
  ports?: readonly Port<unknown>[];
  /**
   * The lower domains' ports its screens meet (an order's refunds, a distributor's payment form). In the first
   * bundle: a component given here is lazy, its code loaded when first drawn.
   */
  provides?: readonly Provision[];
}

/** Every domain's session start. */
export const assembleSessionStarts = (domains: readonly RendererManifest[]): readonly SessionStart[] =>
  domains.flatMap((d) => (d.sessionStart ? [d.sessionStart] : []));

/** Wires every domain's ports to what the others provide; a port met by none or twice stops the start. */
export const assemblePorts = (domains: readonly RendererManifest[]): void =>
  wirePorts(
    domains.flatMap((d) => d.ports ?? []),
    domains.flatMap((d) => d.provides ?? []),
  );

/** Every domain's move start. */
export const assembleMoveStarts = (domains: readonly RendererManifest[]): readonly SessionStart[] =>
  domains.flatMap((d) => (d.moveStart ? [d.moveStart] : []));

/** Every domain's sign-in warm-up. */
export const assembleWarms = (domains: readonly RendererManifest[]): readonly SignInWarm[] =>
  domains.flatMap((d) => (d.warm ? [d.warm] : []));

export const defineScreens = <const M extends RendererManifest>(manifest: M): M => manifest;

/** Every screen by route name; a route name given two screens stops the start. */
export function assembleScreens(domains: readonly RendererManifest[]): Readonly<Record<string, Screen>> {
  const all: Record<string, Screen> = {};
  for (const d of domains) {
    for (const [name, screen] of Object.entries(d.screens)) {
      if (Object.hasOwn(all, name)) throw new Error(`screens: the route ${name} has two screens (${d.name})`);
      all[name] = screen;
    }
  }
  return all;
}

/** Every slot from the one domain that fills it; a slot filled twice or by none stops the start. */
export function assembleSlots(domains: readonly RendererManifest[]): Slots {
  const slots: Partial<Slots> = {};
  for (const d of domains) {
    for (const [slot, value] of Object.entries(d.slots ?? {}) as [keyof Slots, never][]) {
      if (slots[slot] !== undefined) throw new Error(`slots: ${slot} is filled twice (${d.name})`);
      slots[slot] = value;
    }
  }
  for (const slot of ['signIn', 'profileMenu'] as const)
    if (!slots[slot]) throw new Error(`slots: no domain fills ${slot}`);
  return slots as Slots;
}

/**
 * Every live-event handler by topic. A topic is its domain's; another domain
 * built on it may follow it too (the dashboard follows the orders' sales):
 * the handlers of one topic run in the list's order, their refreshes are
 * joined and the first notice shown. A domain listing a topic twice cannot
 * happen (an object's keys); a topic nobody owns still works.
 */
export function assembleLive(domains: readonly RendererManifest[]): Readonly<Record<string, LiveHandler>> {
  const byTopic = new Map<string, LiveHandler[]>();
  for (const d of domains) {
    for (const [topic, handler] of Object.entries(d.live ?? {}))
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), handler]);
  }
  const all: Record<string, LiveHandler> = {};
  for (const [topic, handlers] of byTopic) {
    all[topic] =
      handlers.length === 1
        ? handlers[0]!
        : (data, lang) => {
            const results = handlers.map((h) => h(data, lang));
            const notice = results.find((r) => r.notice !== undefined)?.notice;
            return {
              refresh: [...new Set(results.flatMap((r) => r.refresh))],
              ...(notice !== undefined ? { notice } : {}),
            };
          };
  }
  return all;
}
