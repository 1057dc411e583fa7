/**
 * Which file of the built renderer answers a page request: the file itself
 * when it exists inside the renderer folder, else index.html for a route
 * (SPA fallback), else nothing. Used by the desktop `app://` protocol; the
 * browser-mode host applies the same rule with @fastify/static.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export type AssetAnswer = { kind: 'file'; file: string } | { kind: 'index'; file: string } | { kind: 'none' };

/** A path whose last segment has an extension asks for a file, not a route. */
export const looksLikeFile = (urlPath: string): boolean => /\.[A-Za-z0-9]+$/.test(urlPath.split('/').pop() ?? '');

/**
 * A built asset named by its content's hash — Vite's `assets/[hash].js` for
 * a chunk, `assets/name-[hash].ext` for an entry or a style sheet: it never
 * changes, so a browser may keep it for good and need not ask again (one
 * revalidation round trip per chunk, some 90 of them, on every reload).
 */
export const isHashedAsset = (file: string): boolean => /[\\/]assets[\\/](?:[^\\/]+-)?[\w-]{8}\.\w+$/.test(file);

/** What a hashed asset is answered with. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const isFile = async (file: string) => {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

export async function resolveAsset(rendererDir: string, urlPathname: string): Promise<AssetAnswer> {
  const root = path.resolve(rendererDir);
  const index = path.join(root, 'index.html');
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPathname);
  } catch {
    return { kind: 'none' };
  }
  if (decoded.includes('\0')) return { kind: 'none' };
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  const inside = file === root || file.startsWith(root + path.sep);
  if (!inside) return { kind: 'none' };
  if (file !== root && file !== index && (await isFile(file))) return { kind: 'file', file };
  if (file === root || file === index || !looksLikeFile(decoded)) return { kind: 'index', file: index };
  return { kind: 'none' };
}
