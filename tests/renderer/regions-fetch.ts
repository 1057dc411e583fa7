/**
 * The page fetches the division data file from its own origin
 * (renderer/kit/regions.ts); under Vitest its URL is the project path of the
 * file, read here from disk instead. Answers how many fetches were made.
 */
import { readFile } from 'node:fs/promises';
import { vi } from 'vitest';

export function serveRegionsFromDisk(): { fetches: () => number } {
  let fetches = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    fetches += 1;
    return new Response(await readFile(new URL(`../..${url}`, import.meta.url)));
  });
  return { fetches: () => fetches };
}
