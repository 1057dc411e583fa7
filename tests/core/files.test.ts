/**
 * Images through the console: uploaded by the core (the bridge's base64 body
 * becomes the upstream's multipart part), picked with the native dialog on
 * the desktop, and shown by URL — the host's /files/<id>, fetched by the
 * core with the session's token — never through the bridge.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { startHost, type Host } from '../../electron/host/index.js';
import { CODE } from '../../shared/domains.js';
import { IMAGE_MAX_BYTES } from '../../shared/file/index.js';
import { PICK_KINDS } from '../../shared/ipc.js';
import { IMAGES } from '../server/file/support.js';
import { launchCookie } from './launch.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

let upstream: Upstream;
let core: Core;
let dir: string;
let host: Host;
let cookie: string;
let picked: { name: string; bytes: Buffer } | null = null;

beforeAll(async () => {
  upstream = await startUpstream();
  core = createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'browser',
    version: '1',
  });
  dir = await mkdtemp(path.join(tmpdir(), 'vend-files-host-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  host = await startHost({ port: 0, core, rendererDir: dir });
  cookie = await launchCookie(host);
  const signedIn = await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD });
  expect(signedIn.ok).toBe(true);
});
afterAll(async () => {
  await host.close();
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a CallResult read field by field
const uploadThroughBridge = (bytes: Buffer, name = 'a.png'): Promise<any> =>
  fetch(`${host.url}/bridge/file.upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ body: { name, data: bytes.toString('base64') } }),
  }).then((r) => r.json());

describe('uploading through the bridge', () => {
  it("sends the bytes as the upstream's multipart part and answers the file", async () => {
    const result = await uploadThroughBridge(IMAGES['image/png']);
    expect(result).toMatchObject({ ok: true, content: { mime: 'image/png', size: IMAGES['image/png'].length } });
  });

  it("carries a 2 MB image (more than the bridge's usual body limit) and refuses a larger one with 2202", async () => {
    const edge = Buffer.concat([IMAGES['image/png'], Buffer.alloc(IMAGE_MAX_BYTES - IMAGES['image/png'].length)]);
    expect((await uploadThroughBridge(edge)).ok).toBe(true);
    const over = await uploadThroughBridge(Buffer.concat([edge, Buffer.alloc(1)]));
    expect(over.ok).toBe(false);
    expect(over.error.fields).toEqual({ data: 'file.validation.tooLarge' });
  });

  it("passes the upstream's refusal of a disguised script (2201)", async () => {
    const result = await uploadThroughBridge(Buffer.from('<?php system($_GET["c"]); ?>'), 'x.png');
    expect(result).toMatchObject({ ok: false, error: { source: 'upstream', code: CODE.fileTypeRefused } });
  });
});

describe('showing images', () => {
  it('serves /files/<id> to the launched browser only, with the type and a private cache', async () => {
    const { content } = await uploadThroughBridge(IMAGES['image/gif'], 'g.gif');
    const res = await fetch(`${host.url}/files/${content.id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), IMAGES['image/gif'])).toBe(0);
    expect((await fetch(`${host.url}/files/${content.id}`)).status).toBe(403);
    expect((await fetch(`${host.url}/files/${'0'.repeat(64)}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${host.url}/files/not-an-id`, { headers: { cookie } })).status).toBe(404);
  });

  it('does not hand the bytes out through the bridge', async () => {
    const result = await core.call('file.content', { params: { id: '0'.repeat(64) } });
    expect(result).toMatchObject({ ok: false, error: { source: 'local', code: CODE.forbidden } });
  });
});

describe('file.pickImage', () => {
  it('says there is no native dialog in browser mode', async () => {
    expect(await core.call('file.pickImage', { label: '图片' })).toEqual({
      ok: true,
      content: { native: false, file: null },
    });
  });

  it('uploads what the desktop dialog picked, says when it was cancelled, and refuses past 2 MB before sending', async () => {
    let label = '';
    const desktop = createCore({
      upstreamUrl: upstream.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'desktop',
      version: '1',
      pickImage: async (l) => {
        label = l;
        return picked;
      },
    });
    await desktop.call('session.signIn', { username: 'tenant2', password: DEMO_PASSWORD });
    picked = { name: 'cola.bmp', bytes: IMAGES['image/bmp'] };
    expect(await desktop.call('file.pickImage', { label: 'Images' })).toMatchObject({
      ok: true,
      content: { native: true, file: { mime: 'image/bmp' } },
    });
    expect(label).toBe('Images');
    picked = null;
    expect(await desktop.call('file.pickImage', { label: 'Images' })).toEqual({
      ok: true,
      content: { native: true, file: null },
    });
    picked = { name: 'huge.png', bytes: Buffer.alloc(IMAGE_MAX_BYTES + 1) };
    expect(await desktop.call('file.pickImage', { label: 'Images' })).toMatchObject({
      ok: false,
      error: { source: 'local', code: CODE.fileTooLarge },
    });
  });
});

describe('file.pickFile', () => {
  it('says there is no native dialog in browser mode', async () => {
    expect(await core.call('file.pickFile', { kind: 'certificate', label: 'p12' })).toEqual({
      ok: true,
      content: { native: false, file: null },
    });
  });

  it("hands over the chosen certificate as base64, says when cancelled, and refuses one over its kind's size unread", async () => {
    let asked: [string, string] | null = null;
    let next: { name: string; bytes: Buffer | null } | null = null;
    const desktop = createCore({
      upstreamUrl: upstream.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'desktop',
      version: '1',
      pickFile: async (kind, label) => {
        asked = [kind, label];
        return next;
      },
    });
    next = { name: 'apiclient_cert.p12', bytes: Buffer.from([0x30, 0x82, 0x01, 0x02]) };
    expect(await desktop.call('file.pickFile', { kind: 'certificate', label: '证书' })).toEqual({
      ok: true,
      content: { native: true, file: { name: 'apiclient_cert.p12', data: 'MIIBAg==' } },
    });
    expect(asked).toEqual(['certificate', '证书']);
    next = null;
    expect(await desktop.call('file.pickFile', { kind: 'certificate', label: '证书' })).toEqual({
      ok: true,
      content: { native: true, file: null },
    });
    next = { name: 'huge.p12', bytes: null };
    expect(await desktop.call('file.pickFile', { kind: 'certificate', label: '证书' })).toMatchObject({
      ok: false,
      error: { source: 'local', code: CODE.badRequest, fields: { file: 'payment.validation.p12' } },
    });
    next = { name: 'big.p12', bytes: Buffer.alloc(PICK_KINDS.certificate.maxBytes + 1) };
    expect(await desktop.call('file.pickFile', { kind: 'certificate', label: '证书' })).toMatchObject({
      ok: false,
      error: { code: CODE.badRequest },
    });
    desktop.close();
  });
});

describe('file.savePdf', () => {
  it("prints the calling window on the desktop, says browser mode cannot, and refuses a name that is no PDF's", async () => {
    expect(await core.call('file.savePdf', { name: '对账单.pdf' })).toEqual({
      ok: true,
      content: { native: false, saved: false },
    });
    const asked: [string, number | undefined][] = [];
    const desktop = createCore({
      upstreamUrl: upstream.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'desktop',
      version: '1',
      savePdf: async (name, window) => {
        asked.push([name, window]);
        return window === 7;
      },
    });
    expect(await desktop.call('file.savePdf', { name: '对账单.pdf' }, { window: 7 })).toEqual({
      ok: true,
      content: { native: true, saved: true },
    });
    expect(asked).toEqual([['对账单.pdf', 7]]);
    expect(await desktop.call('file.savePdf', { name: '../x.pdf' }, { window: 7 })).toMatchObject({ ok: false });
    expect(await desktop.call('file.savePdf', { name: 'x.exe' }, { window: 7 })).toMatchObject({ ok: false });
    expect(asked).toHaveLength(1);
    desktop.close();
  });
});
