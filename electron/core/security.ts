/**
 * The headers every page of the console is served with, by the desktop
 * protocol handler and by the browser-mode host alike (ARCHITECTURE §6).
 * Fluent UI (Griffel) injects style elements, hence 'unsafe-inline' for styles
 * only; scripts come from the app's own origin and nowhere else.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
