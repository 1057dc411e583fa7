/**
 * The desktop build: main and preload come out of vite-plugin-electron, and
 * the preload must be CommonJS, since a sandboxed preload cannot be an ES
 * module (ARCHITECTURE §9) — the plugin's default under "type": "module" is not.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let rendererOut = '';

beforeAll(async () => {
  rendererOut = await mkdtemp(join(tmpdir(), 'vend-renderer-'));
  // A stale bundle from an earlier build must not pass for this one.
  await rm(join(root, 'dist-electron'), { recursive: true, force: true });
  process.env.VEND_ELECTRON = '1';
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir: rendererOut } });
  } finally {
    delete process.env.VEND_ELECTRON;
  }
}, 120_000);

afterAll(() => rm(rendererOut, { recursive: true, force: true }));

describe('desktop build', () => {
  it('emits the preload as CommonJS requiring only electron', async () => {
    const preload = await readFile(join(root, 'dist-electron', 'preload.cjs'), 'utf8');
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('emits main with electron left external', async () => {
    const main = await readFile(join(root, 'dist-electron', 'main.js'), 'utf8');
    expect(main).toMatch(/from ["']electron["']/);
    expect(main).toContain('vend:call');
  });
});
