/**
 * The local operation table (ARCHITECTURE §2): what main does itself rather
 * than calling upstream. Same shape as the API table: input and output schemas.
 * The bridge carries both tables under one `call(op, input)`.
 */
import { z } from 'zod';
import { signInForm, userInfo } from './api/account.js';
import type { ApiContent, ApiInput, ApiOp } from './api/index.js';
import type { CallError } from './errors.js';
import { LANGS } from './errors.js';

export const sessionUser = userInfo.extend({
  /** Role kind derived from the roles; members signed in through employee info have `member`. */
  roleKind: z.enum(['admin', 'tenant', 'enterprise', 'member']),
  /** Spec's roleName: the name of the first role, or the backend's member name. */
  roleName: z.string(),
  /** Spec's allValue: role values and power values together, for permission checks. */
  allValue: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const FONT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export const prefs = z.object({
  language: z.enum(LANGS as [string, ...string[]]).optional(),
  sidebar: z.union([z.literal(0), z.literal(1)]).default(1),
  size: z.enum(FONT_SIZES).default('medium'),
  // Shell settings panel (spec §2); absent means the shell's default.
  /** Theme preset colour, `#rrggbb`. */
  theme: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
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
export const appPath = z.string().max(2048).startsWith('/').refine((p) => !p.startsWith('//') && !p.includes('\\'), { message: 'validation.invalid' });

const local = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });
const none = z.object({}).strict().optional();

export const ipc = {
  'session.signIn': local(signInForm, sessionUser),
  'session.current': local(none, sessionUser.nullable()),
  'session.signOut': local(none, z.null()),
  'prefs.get': local(none, prefs),
  'prefs.set': local(prefs.partial(), prefs),
  'app.info': local(none, z.object({ mode: z.enum(['desktop', 'browser']), version: z.string(), upstream: z.string() })),
  /**
   * Opens a console route in a window of its own. Desktop: a new window on
   * the same session (`opened: true`). Browser mode: the host cannot open
   * windows (`opened: false`); the renderer opens a browser window itself.
   */
  'windows.open': local(z.object({ path: appPath }), z.object({ opened: z.boolean() })),
} as const;

export type Ipc = typeof ipc;
export type IpcOp = keyof Ipc;

/** Every operation the renderer may call. */
export type Op = ApiOp | IpcOp;
export type OpInput<K extends Op> = K extends ApiOp ? ApiInput<K> : K extends IpcOp ? z.input<Ipc[K]['input']> : never;
export type OpOutput<K extends Op> = K extends ApiOp ? ApiContent<K> : K extends IpcOp ? z.output<Ipc[K]['output']> : never;

export type CallResult<T> = { ok: true; content: T } | { ok: false; error: CallError };

/** `window.vend`: the one object the preload exposes, and the HTTP bridge mirrors. */
export interface VendBridge {
  call<K extends Op>(op: K, input: OpInput<K>): Promise<CallResult<OpOutput<K>>>;
}

export const isIpcOp = (op: string): op is IpcOp => Object.hasOwn(ipc, op);
