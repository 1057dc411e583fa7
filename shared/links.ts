/**
 * The console's deep links: `vend-console://open/<route path>?<query>`,
 * registered with the OS by the installers. The host is a fixed word because
 * the first segment of a path after `//` would be read as a host, and hosts
 * lose their case (`orderManagement` would arrive as `ordermanagement`).
 *
 * Writing a link is pure and shared (the renderer's "copy link"); reading one
 * and deciding what it may open is the core's (electron/core/links.ts).
 */
export const LINK_SCHEME = 'vend-console';
export const LINK_HOST = 'open';

/** The longest link read at all: a route and its query, never a document. */
export const LINK_MAX_LENGTH = 2048;

/** The link that opens `path` (a console route with its query, from a domain's paths.ts). */
export const linkOf = (path: string): string =>
  `${LINK_SCHEME}://${LINK_HOST}${path.startsWith('/') ? '' : '/'}${path}`;

export type LinkReading = { ok: true; path: string; search: string } | { ok: false; reason: string };

/** Query names a link may carry: a route's own (`id`, `tab`), never an encoded URL. */
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
const PARAM_VALUE_MAX = 100;

/**
 * Reads a link as the OS handed it over (a command-line argument, macOS's
 * open-url): the scheme and host exactly, no credentials, port or fragment,
 * a path of plain segments, a short query of plain names. What it reads is
 * only syntax; whether the route exists and the user may open it is
 * judged against the route table (electron/core/links.ts).
 */
export function readLink(raw: string): LinkReading {
  if (raw.length > LINK_MAX_LENGTH) return { ok: false, reason: 'too long' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== `${LINK_SCHEME}:`) return { ok: false, reason: 'not our scheme' };
  if (url.host !== LINK_HOST) return { ok: false, reason: 'unknown host' };
  if (url.username || url.password || url.port) return { ok: false, reason: 'credentials or port' };
  if (url.hash) return { ok: false, reason: 'fragment' };
  const path = url.pathname;
  // Segments of letters and digits only: no dot segments, no encoded slashes or other schemes.
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(path)) return { ok: false, reason: 'bad path' };
  const params = [...url.searchParams];
  if (params.length > 8) return { ok: false, reason: 'too many parameters' };
  const names = new Set<string>();
  for (const [name, value] of params) {
    if (!PARAM_NAME.test(name) || names.has(name)) return { ok: false, reason: 'bad parameter' };
    // A value is an id, a tab's name, a word: never an address (no `:`, no slashes) nor a control character.
    const control = [...value].some((ch) => ch.charCodeAt(0) < 0x20);
    if (value.length > PARAM_VALUE_MAX || control || /[:/\\]/.test(value))
      return { ok: false, reason: 'bad parameter' };
    names.add(name);
  }
  return { ok: true, path, search: url.search };
}
