/** The main-process core: Electron-free, shared by the desktop shell and browser mode. */
export {
  createCore,
  parseApiInput,
  SESSION_OWNED,
  type CallContext,
  type Core,
  type CoreOptions,
  type WindowHost,
} from './core.js';
export {
  createClient,
  classify,
  timeoutOf,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  type ClientOptions,
  type RequestInput,
  type UpstreamClient,
} from './client.js';
export { createSession, isTokenRefusal, type Session } from './session.js';
export { memoryVault, type TokenVault } from './vault.js';
export { memoryPrefs, mergePrefs, readPrefs, type PrefsStore } from './prefs.js';
export { CSP, SECURITY_HEADERS } from './security.js';
