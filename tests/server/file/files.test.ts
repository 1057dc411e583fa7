/** Uploads (spec §5: JPG/GIF/PNG/BMP, at most 2 MB; §8 2201–2207): judged by content, stored by hash, served within scope. */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CODE } from '../../../shared/domains.js';
import { IMAGE_MAX_BYTES } from '../../../shared/file/index.js';
import { diskStorage } from '../../../server/storage/index.js';
import { suiteApp } from '../helpers.js';
import { IMAGES, multipart } from './support.js';

const t = suiteApp(['tenant1']);

const upload = (token: string, name: string, bytes: Buffer, field = 'file') => {
  const { body, contentType } = multipart(field, name, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/file/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
};
const content = (token: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/file/${id}`, headers: { authorization: `Bearer ${token}` } });
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('file.upload', () => {
  it('takes a JPG, GIF, PNG and BMP by their content, named by the SHA-256 of their bytes', async () => {
    for (const [mime, bytes] of Object.entries(IMAGES)) {
      const res = await upload(t.token.tenant1, 'picture.bin', bytes);
      expect(res.statusCode, mime).toBe(200);
      expect(res.json().content).toEqual({ id: sha(bytes), mime, size: bytes.length });
    }
  });

  it('refuses a script named .png (2201), an empty file (2203) and a file over 2 MB (2202)', async () => {
    const script = await upload(t.token.tenant1, 'cat.png', Buffer.from('#!/bin/sh\nrm -rf / # not a picture\n'));
    expect(script.statusCode).toBe(415);
    expect(script.json().code).toBe(CODE.fileTypeRefused);
    const svg = await upload(
      t.token.tenant1,
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.json().code).toBe(CODE.fileTypeRefused);
    expect((await upload(t.token.tenant1, 'empty.png', Buffer.alloc(0))).json().code).toBe(CODE.fileEmpty);
    const big = Buffer.concat([IMAGES['image/png'], Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooBig = await upload(t.token.tenant1, 'big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe(CODE.fileTooLarge);
    // Exactly 2 MB is allowed.
    const edge = Buffer.concat([IMAGES['image/png'], Buffer.alloc(IMAGE_MAX_BYTES - IMAGES['image/png'].length)]);
    expect((await upload(t.token.tenant1, 'edge.png', edge)).statusCode).toBe(200);
  });

  it('never keeps an oversized file: 80 uploads of 2.5 MB, split at the limit, over a real socket one after another and ten at a time, are all refused', async () => {
    // Over a socket the body arrives in chunks, the timing in which @fastify/multipart has truncated at the limit without
    // throwing (fastify/fastify-multipart#428, #542); inject hands it over whole.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.concat([
      IMAGES['image/png'],
      Buffer.alloc(IMAGE_MAX_BYTES / 4, 7),
      randomBytes(IMAGE_MAX_BYTES),
    ]);
    const send = async () => {
      const { body, contentType } = multipart('file', 'big.png', big);
      const res = await fetch(`${address}/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.token.tenant1}`, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      return ((await res.json()) as { code: number }).code;
    };
    // The file's bytes up to the limit in one chunk and the rest in the next: the limit is met between two chunks.
    const split = async () => {
      const { body, contentType } = multipart('file', 'big.png', big);
      const cut = body.indexOf('\r\n\r\n') + 4 + IMAGE_MAX_BYTES;
      const res = await t.app.inject({
        method: 'POST',
        url: '/file/upload',
        headers: { authorization: `Bearer ${t.token.tenant1}`, 'content-type': contentType },
        payload: Readable.from([body.subarray(0, cut), body.subarray(cut)]),
      });
      return (res.json() as { code: number }).code;
    };
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push(await split());
    for (let i = 0; i < 20; i++) codes.push(await send());
    for (let round = 0; round < 4; round++) codes.push(...(await Promise.all(Array.from({ length: 10 }, send))));
    expect(codes).toHaveLength(80);
    expect(codes.filter((c) => c !== CODE.fileTooLarge)).toEqual([]);
  });

  it('refuses what is no multipart file part (2205), and anyone not signed in; a member without product codes uploads (its avatar)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/file/upload',
      headers: { authorization: `Bearer ${t.token.tenant1}`, 'content-type': 'application/json' },
      payload: '{"name":"a.png","data":"AAAA"}',
    });
    expect(json.json().code).toBe(CODE.uploadMalformed);
    expect((await upload(t.token.tenant1, 'a.png', IMAGES['image/png'], 'picture')).json().code).toBe(
      CODE.uploadMalformed,
    );
    expect((await upload(await t.signIn('member1'), 'a.png', IMAGES['image/png'])).statusCode).toBe(200);
    const { body, contentType } = multipart('file', 'a.png', IMAGES['image/png']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/file/upload',
          headers: { 'content-type': contentType },
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('file.content', () => {
  it("serves the bytes with their type, nosniff and a long private cache, to the uploader's scope only", async () => {
    const bytes = IMAGES['image/gif'];
    const id = (await upload(t.token.tenant1, 'x.gif', bytes)).json().content.id as string;
    const res = await content(t.token.tenant1, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    expect((await content(await t.signIn('admin'), id)).statusCode).toBe(200);
    expect((await content(await t.signIn('member1'), id)).statusCode).toBe(200);
    for (const other of ['tenant2', 'tenant11']) {
      const refused = await content(await t.signIn(other), id);
      expect(refused.statusCode, other).toBe(404);
      expect(refused.json().code).toBe(CODE.fileNotFound);
    }
    expect((await content(t.token.tenant1, 'f'.repeat(64))).json().code).toBe(CODE.fileNotFound);
    expect((await content(t.token.tenant1, '../../etc/passwd')).statusCode).toBe(404);
  });
});

describe('file storage on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vend-files-'));
  const disk = suiteApp(['tenant2'], { storage: diskStorage(dir) });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  it('writes each content once under its hash, and serves it back', async () => {
    const bytes = IMAGES['image/bmp'];
    const { body, contentType } = multipart('file', 'a.bmp', bytes);
    const send = () =>
      disk.app.inject({
        method: 'POST',
        url: '/file/upload',
        headers: { authorization: `Bearer ${disk.token.tenant2}`, 'content-type': contentType },
        payload: body,
      });
    const id = (await send()).json().content.id as string;
    await send();
    expect(await readdir(join(dir, id.slice(0, 2)))).toEqual([id]);
    const res = await disk.app.inject({
      method: 'GET',
      url: `/file/${id}`,
      headers: { authorization: `Bearer ${disk.token.tenant2}` },
    });
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
  });
});
