/**
 * The mechanism of the bridge between a window and its core (ARCHITECTURE
 * §2): what every call carries and answers, the session epoch that guards
 * it, the shell's preferences and a route's shape. No domain here: the table
 * of local operations, built on the domains' schemas, is an assembly
 * (shared/ipc.ts), as the API table is (shared/domains.ts).
 */
import { z } from 'zod';
import { LOCAL, NO_SESSION, type CallError } from './errors/policy.js';
import { LANGS } from './i18n/define.js';
import type { LiveEvent } from './api/events.js';

export const FONT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export const prefs = z.object({
  language: z.enum(LANGS as [string, ...string[]]).optional(),
  sidebar: z.union([z.literal(0), z.literal(1)]).default(1),
  size: z.enum(FONT_SIZES).default('medium'),
  // Shell settings panel (spec §2); absent means the shell's default.
  /** Theme preset colour, `#rrggbb`. */
  theme: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Light or dark; `system` (or absent) follows the OS. */
  appearance: z.enum(['system', 'light', 'dark']).optional(),
  fixedHeader: z.boolean().optional(),
  tagsView: z.boolean().optional(),
  sidebarLogo: z.boolean().optional(),
  showSettings: z.boolean().optional(),
});
export type Prefs = z.infer<typeof prefs>;

/**
 * A route of the console: a local path (`/a/b?c#d`), never `//host` or a
 * backslash trick that a browser would read as another origin.
 */
export const appPath = z
  .string()
  .max(2048)
  .startsWith('/')
  .refine((p) => !p.startsWith('//') && !p.includes('\\'), { message: 'validation.invalid' });

/** A local operation: its input and output schemas, as the API table's endpoints have. */
export const local = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });
export const none = z.object({}).strict().optional();

export type CallResult<T> = { ok: true; content: T } | { ok: false; error: CallError };

/** What a call says about its caller beside the input. */
export interface CallMeta {
  /** The session epoch the page believes current (`SessionUser.epoch`); absent before it knows one. */
  epoch?: string;
}

/** Longest epoch the bridges accept (the core's are far shorter). */
export const EPOCH_MAX_LENGTH = 128;

/** The epoch in a bridge's untrusted meta argument, if it names a plausible one. */
export function epochOf(meta: unknown): string | undefined {
  if (meta === null || typeof meta !== 'object') return undefined;
  const epoch = (meta as { epoch?: unknown }).epoch;
  return typeof epoch === 'string' && epoch.length > 0 && epoch.length <= EPOCH_MAX_LENGTH ? epoch : undefined;
}

/**
 * The core's refusal of a call whose epoch is not the current session's: the
 * page is showing a user who is no longer signed in here (another tab or
 * window signed in or out). Code 1501 (token missing): the page's session
 * has no token any more. The renderer reloads the session instead of
 * reporting it (renderer/app/sessionWatch.ts).
 */
export const SESSION_CHANGED = { code: NO_SESSION, message: LOCAL.sessionChanged } as const;

export const isSessionChanged = (error: Pick<CallError, 'source' | 'message'>): boolean =>
  error.source === 'local' && error.message === SESSION_CHANGED.message;

/**
 * A live event as every window hears it (shared/api/events.ts), stamped with
 * the session epoch it belongs to; topic `feed` says the core's stream
 * (re)connected (`data.state`), so a page refreshes what it may have missed.
 */
export type BridgeEvent = LiveEvent & { epoch: string };
