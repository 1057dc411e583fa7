/**
 * The headers every page of the console is served with, by the desktop
 * protocol handler and by the browser-mode host alike (ARCHITECTURE §6).
 * Fluent UI (Griffel) injects style elements, hence 'unsafe-inline' for styles
 * only; scripts come from the app's own origin and nowhere else. No form is
 * ever submitted natively (every form is handled in script), so form-action
 * 'none' stops an injected form from posting anywhere.
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
  "form-action 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
