/**
 * The local operation table (ARCHITECTURE §2): what main does itself rather
 * than calling upstream. Same shape as the API table: input and output schemas.
 * The bridge carries both tables under one `call(op, input)`. An assembly, as
 * shared/domains.ts is: it is built on the domains' schemas (the session's
 * user, an uploaded file, an export), so no domain imports it; the bridge's
 * mechanism is shared/bridge.ts, re-exported here for the layers above.
 */
import { z } from 'zod';
import { signInForm, userInfo } from './account/index.js';
import { fileItem } from './file/index.js';
import { liveExportInput, liveExportResult } from './order/index.js';
import type { ApiContent, ApiInput, ApiOp } from './domains.js';
import { appPath, local, none, prefs, type BridgeEvent, type CallMeta, type CallResult } from './bridge.js';

// The mechanism's names, from here as before.
export * from './bridge.js';

export const sessionUser = userInfo.extend({
  /** Role kind derived from the roles; members signed in through employee info have `member`. */
  roleKind: z.enum(['admin', 'tenant', 'enterprise', 'member']),
  /** Spec's roleName: the name of the first role, or the backend's member name. */
  roleName: z.string(),
  /** Spec's allValue: role values and power values together, for permission checks. */
  allValue: z.array(z.string()),
  /**
   * Which session this is: it changes at every sign-in, sign-out and refused
   * token. The renderer sends it with each call (`CallMeta`) and the core
   * refuses a call made for another session (`SESSION_CHANGED`), so a page
   * still showing a previous user cannot read or write the new user's data.
   */
  epoch: z.string(),
  /** With a sign-in only: wrong passwords given for the account since its last sign-in (the console tells the owner). */
  failedSignIns: z.object({ count: z.number().int(), lastAt: z.string().nullable() }).optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const ipc = {
  'session.signIn': local(signInForm, sessionUser),
  'session.current': local(none, sessionUser.nullable()),
  /**
   * A member's user read again from the upstream (its role may have changed
   * while it is signed in): the same session, its powers as they are now.
   * Other users are answered as they are, without a call.
   */
  'session.refresh': local(none, sessionUser.nullable()),
  'session.signOut': local(none, z.null()),
  'prefs.get': local(none, prefs),
  'prefs.set': local(prefs.partial(), prefs),
  'app.info': local(
    none,
    z.object({ mode: z.enum(['desktop', 'browser']), version: z.string(), upstream: z.string() }),
  ),
  /**
   * Opens a console route in a window of its own. Desktop: a new window on
   * the same session (`opened: true`). Browser mode: the host cannot open
   * windows (`opened: false`); the renderer opens a browser window itself.
   */
  'windows.open': local(z.object({ path: appPath }), z.object({ opened: z.boolean() })),
  /**
   * The screen a deep link (shared/links.ts) asked the main window to show,
   * taken once: the desktop's main window asks at start and whenever main
   * tells it one waits (topic `link`). Browser mode has none (`path` null).
   */
  'links.take': local(none, z.object({ path: appPath.nullable() })),
  /**
   * Whether the calling window holds unsaved input (renderer/app/dirty.ts
   * says so as it changes): the desktop never offers to restart into an
   * update while any window does.
   */
  'app.dirty': local(z.object({ dirty: z.boolean() }), z.null()),
  /**
   * Desktop: the native open dialog for one image; main reads and uploads
   * the file (`file.upload`), so the renderer never holds a path
   * (`native: true`, `file` null when cancelled). Browser mode has no native
   * dialog (`native: false`): the renderer uses its file input and calls
   * `file.upload` with the bytes. `label` names the file types in the
   * dialog, in the user's language.
   */
  /**
   * Saves bytes the renderer made (a QR code) where the user says. Desktop:
   * the native save dialog, written to a temporary name and renamed when
   * complete (`native: true`, `saved` false when cancelled). Browser mode has
   * no such dialog (`native: false`): the renderer downloads the file itself.
   */
  'file.save': local(
    z.object({
      name: z
        .string()
        .min(1)
        .max(120)
        .regex(/^[^\\/:*?"<>|]+$/),
      data: z.string().max(24 * 1024 * 1024),
    }),
    z.object({ native: z.boolean(), saved: z.boolean() }),
  ),
  /**
   * Saves the calling window's page as a PDF (a statement): desktop, main
   * prints it with Chromium's printToPDF (A4, the page's print styles, the
   * system's fonts) and writes it where the native save dialog says
   * (`native: true`, `saved` false when cancelled). Browser mode cannot
   * (`native: false`): the page opens the browser's print, whose "Save as
   * PDF" does the same.
   */
  'file.savePdf': local(
    z.object({
      name: z
        .string()
        .min(1)
        .max(120)
        .regex(/^[^\\/:*?"<>|]+\.pdf$/),
    }),
    z.object({ native: z.boolean(), saved: z.boolean() }),
  ),
  /**
   * A real-time export of at most 1000 orders (spec §9): main pages through
   * the list and writes the .xlsx as the pages come. Desktop: into the file
   * chosen in the native save dialog, under a temporary name renamed when
   * complete. Browser mode: the bytes come back (`data`) for a download.
   * Progress events (topic `export`) name the job; `export.cancel` stops it.
   */
  'export.orders': local(liveExportInput, liveExportResult),
  'export.cancel': local(z.object({ job: liveExportInput.shape.job }), z.object({ cancelled: z.boolean() })),
  'file.pickImage': local(
    z.object({ label: z.string().max(60) }),
    z.object({ native: z.boolean(), file: fileItem.nullable() }),
  ),
  /**
   * Desktop: the native open dialog for one file of a kind (PICK_KINDS:
   * its extensions and the most bytes main reads), read by main and handed
   * over as base64, so the renderer never holds a path (`file` null when
   * cancelled). Browser mode (`native: false`): the renderer uses its file
   * input. A file over the kind's size is refused before it is read.
   */
  'file.pickFile': local(
    z.object({ kind: z.enum(['certificate', 'sheet']), label: z.string().max(60) }),
    z.object({ native: z.boolean(), file: z.object({ name: z.string(), data: z.string() }).nullable() }),
  ),
} as const;

/** What `file.pickFile` offers per kind: a payment certificate (a p12, spec §5), a spreadsheet to import. */
export const PICK_KINDS = {
  certificate: { extensions: ['p12', 'pfx'], maxBytes: 16 * 1024, tooLarge: 'payment.validation.p12' },
  sheet: { extensions: ['xlsx'], maxBytes: 10 * 1024 * 1024, tooLarge: 'validation.invalid' },
} as const;
export type PickKind = keyof typeof PICK_KINDS;

export type Ipc = typeof ipc;
export type IpcOp = keyof Ipc;

/** Every operation the renderer may call. */
export type Op = ApiOp | IpcOp;
export type OpInput<K extends Op> = K extends ApiOp ? ApiInput<K> : K extends IpcOp ? z.input<Ipc[K]['input']> : never;
export type OpOutput<K extends Op> = K extends ApiOp
  ? ApiContent<K>
  : K extends IpcOp
    ? z.output<Ipc[K]['output']>
    : never;

/**
 * Local operations a page may call whatever session it believes current:
 * the ones that tell it the session or start a new one, and the
 * machine-wide ones. Every other call carries the epoch and is checked.
 */
export const EPOCH_FREE: ReadonlySet<IpcOp> = new Set<IpcOp>([
  'session.current',
  'session.signIn',
  'prefs.get',
  'prefs.set',
  'app.info',
  'app.dirty',
  'windows.open',
]);

/** `window.vend`: the one object the preload exposes, and the HTTP bridge mirrors. */
export interface VendBridge {
  call<K extends Op>(op: K, input: OpInput<K>, meta?: CallMeta): Promise<CallResult<OpOutput<K>>>;
  /** Hears the session's live events; returns the unsubscribe. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export const isIpcOp = (op: string): op is IpcOp => Object.hasOwn(ipc, op);
