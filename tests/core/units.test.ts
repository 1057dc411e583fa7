/** Pure parts of the core: preferences, input parsing, asset resolution. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHashedAsset, looksLikeFile, resolveAsset } from '../../electron/core/assets.js';
import { parseApiInput, SESSION_OWNED } from '../../electron/core/core.js';
import { isTokenRefusal } from '../../electron/core/session.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs, mergePrefs, readPrefs } from '../../electron/core/prefs.js';

describe('vault and prefs ports', () => {
  it('memoryVault keeps, replaces and clears a token', async () => {
    const v = memoryVault();
    expect(await v.get()).toBeNull();
    await v.set('a');
    await v.set('b');
    expect(await v.get()).toBe('b');
    await v.clear();
    expect(await v.get()).toBeNull();
    expect(await memoryVault('x').get()).toBe('x');
  });

  it('memoryPrefs merges, validates and keeps the other keys', async () => {
    const p = memoryPrefs({ size: 'small' });
    expect(await p.get()).toEqual({ sidebar: 1, size: 'small' });
    expect(await p.set({ sidebar: 0 })).toEqual({ sidebar: 0, size: 'small' });
    await expect(p.set({ size: 'huge' as never })).rejects.toThrow();
    expect(await p.get()).toEqual({ sidebar: 0, size: 'small' });
  });

  it('readPrefs keeps the valid keys of damaged stored preferences', () => {
    expect(readPrefs({ sidebar: 7, size: 'mini', language: 'zh-TW', junk: 1 })).toEqual({
      sidebar: 1,
      size: 'mini',
      language: 'zh-TW',
    });
    expect(readPrefs('garbage')).toEqual({ sidebar: 1, size: 'medium' });
    expect(mergePrefs({ sidebar: 0 }, { language: 'en' })).toEqual({ sidebar: 0, size: 'medium', language: 'en' });
  });
});

describe('parseApiInput', () => {
  it('parses each part with its schema and applies defaults', () => {
    expect(parseApiInput('point.page', { query: { pageNum: '3' }, body: { name: ' a ' } })).toEqual({
      ok: true,
      value: { query: { pageNum: 3, pageSize: 20 }, body: { name: 'a' } },
    });
    expect(parseApiInput('point.info', { params: { id: '7' } })).toEqual({ ok: true, value: { params: { id: 7 } } });
  });

  it('names the fields of a missing part and refuses parts an endpoint does not take', () => {
    expect(parseApiInput('point.update', { params: { id: 1 } })).toEqual({
      ok: false,
      fields: { name: 'validation.required', areaCode: 'validation.required', address: 'validation.required' },
    });
    expect(parseApiInput('account.info', { body: {} })).toEqual({
      ok: false,
      fields: { body: 'validation.unknownField' },
    });
    expect(parseApiInput('point.info', null)).toEqual({ ok: false, fields: { input: 'validation.invalid' } });
    expect(parseApiInput('staff.info', { body: { userId: 'x' } })).toEqual({
      ok: false,
      fields: { userId: 'validation.invalid' },
    });
  });

  it('keeps the session-owned operations out of reach', () => {
    expect([...SESSION_OWNED].sort()).toEqual(['account.exit', 'account.token']);
  });
});

describe('token refusal', () => {
  it('is HTTP 401 or body 401/1501/1502/1503 from upstream, nothing else', () => {
    expect(isTokenRefusal({ source: 'upstream', code: 1503, status: 401 })).toBe(true);
    expect(isTokenRefusal({ source: 'upstream', code: 1502, status: 200 })).toBe(true);
    expect(isTokenRefusal({ source: 'upstream', code: 1501, status: 200 })).toBe(true);
    expect(isTokenRefusal({ source: 'upstream', code: 401, status: 200 })).toBe(true);
    expect(isTokenRefusal({ source: 'upstream', code: 777, status: 401 })).toBe(true);
    expect(isTokenRefusal({ source: 'upstream', code: 1504, status: 403 })).toBe(false);
    expect(isTokenRefusal({ source: 'upstream', code: 403, status: 403 })).toBe(false);
    expect(isTokenRefusal({ source: 'local', code: 1501, status: 0 })).toBe(false);
    expect(isTokenRefusal({ source: 'network', code: 0, status: 0 })).toBe(false);
  });
});

describe('resolveAsset (the app:// protocol)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vend-assets-'));
    await writeFile(path.join(dir, 'index.html'), '<html></html>');
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'a b.js'), '');
    await writeFile(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'secret');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), { force: true });
  });

  it('serves files, index.html for routes, nothing for missing files', async () => {
    expect(await resolveAsset(dir, '/assets/a%20b.js')).toEqual({
      kind: 'file',
      file: path.join(dir, 'assets', 'a b.js'),
    });
    expect(await resolveAsset(dir, '/')).toEqual({ kind: 'index', file: path.join(dir, 'index.html') });
    expect(await resolveAsset(dir, '/index.html')).toEqual({ kind: 'index', file: path.join(dir, 'index.html') });
    expect(await resolveAsset(dir, '/pointMent/pointList')).toEqual({
      kind: 'index',
      file: path.join(dir, 'index.html'),
    });
    expect(await resolveAsset(dir, '/assets/missing.js')).toEqual({ kind: 'none' });
    expect(await resolveAsset(dir, '/assets')).toEqual({ kind: 'index', file: path.join(dir, 'index.html') });
  });

  it('never leaves the renderer folder', async () => {
    const sibling = `${path.basename(dir)}-secret.txt`;
    for (const p of [`/../${sibling}`, `/..%2f${sibling}`, `/%2e%2e/${sibling}`, '/%00', '/%E0%A4%A']) {
      const answer = await resolveAsset(dir, p);
      expect(answer.kind === 'file' ? answer.file : '').not.toContain('secret');
    }
  });

  it('tells file requests from routes', () => {
    expect(looksLikeFile('/assets/x.js')).toBe(true);
    expect(looksLikeFile('/pointMent/pointList')).toBe(false);
    expect(looksLikeFile('/')).toBe(false);
  });

  it('knows a built asset named by its hash, a chunk (hash alone) or an entry (name and hash), and nothing else', () => {
    for (const f of [
      '/r/assets/B4taN_-S.js',
      '/r/assets/--1rpPkw.js',
      '/r/assets/index-C5ZJzqWm.css',
      'C:\\r\\assets\\DnxAI2kW.js',
    ])
      expect(isHashedAsset(f), f).toBe(true);
    for (const f of ['/r/assets/app.js', '/r/assets/missing.js', '/r/index.html', '/r/favicon.svg', '/r/B4taN_-S.js'])
      expect(isHashedAsset(f), f).toBe(false);
  });
});
