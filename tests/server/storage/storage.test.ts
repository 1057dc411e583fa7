/** The file storage's streams (server/storage): kept a part at a time under the hash of the whole, read back as kept, nothing left by a failure. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like, sql } from 'drizzle-orm';
import { databaseStorage, diskStorage, type FileStorage } from '../../../server/storage/index.js';
import { fileBytes } from '../../../server/storage/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'vend-storage-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** `bytes` in uneven chunks, as a zip's output arrives. */
async function* chunks(bytes: Buffer, fail?: Error) {
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(Math.random() * 200_000);
    yield bytes.subarray(at, at + size);
    at += size;
    if (fail && at > bytes.length / 2) throw fail;
  }
}
const collect = async (parts: AsyncIterable<Buffer>) => {
  const all: Buffer[] = [];
  for await (const p of parts) all.push(p);
  return all;
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const storages: [string, () => FileStorage][] = [
  ['database', () => databaseStorage(t.db)],
  ['disk', () => diskStorage(dir)],
];

describe.each(storages)('%s storage', (_kind, storage) => {
  it('keeps a stream under the SHA-256 of its bytes and gives them back, whole and in parts', async () => {
    const bytes = randomBytes(2_500_000);
    const kept = await storage().putStream(chunks(bytes));
    expect(kept).toEqual({ id: sha(bytes), size: bytes.length });
    const parts = await collect((await storage().read(kept.id))!);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect(parts.length).toBeGreaterThan(1);
    expect((await storage().get(kept.id))!.equals(bytes)).toBe(true);
    // The same bytes again: the same id, the same file.
    expect(await storage().putStream(chunks(bytes))).toEqual(kept);
    expect(Buffer.concat(await collect((await storage().read(kept.id))!)).equals(bytes)).toBe(true);
  });

  it('gives back any range of the bytes, across parts, reading nothing before it', async () => {
    const bytes = randomBytes(2_600_000);
    const kept = await storage().putStream(chunks(bytes));
    for (const [start, end] of [
      [0, 0],
      [0, bytes.length - 1],
      [1_048_570, 1_048_590],
      [1_000_000, 2_200_000],
      [bytes.length - 1, bytes.length - 1],
      ...Array.from({ length: 20 }, () => {
        const a = Math.floor(Math.random() * bytes.length);
        const b = Math.floor(Math.random() * bytes.length);
        return [Math.min(a, b), Math.max(a, b)];
      }),
    ] as [number, number][]) {
      const got = Buffer.concat(await collect((await storage().readRange(kept.id, start, end))!));
      expect(got.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect(await storage().readRange('f'.repeat(64), 0, 1)).toBeNull();
  });

  it('keeps an empty stream as an empty file, and answers null for an id it does not hold', async () => {
    const kept = await storage().putStream(chunks(Buffer.alloc(0)));
    expect(kept).toEqual({ id: sha(Buffer.alloc(0)), size: 0 });
    expect((await storage().get(kept.id))!.length).toBe(0);
    expect(await storage().read('f'.repeat(64))).toBeNull();
    expect(await storage().get('f'.repeat(64))).toBeNull();
  });

  it('keeps nothing of a stream that fails, and answers its failure', async () => {
    const bytes = randomBytes(3_000_000);
    await expect(storage().putStream(chunks(bytes, new Error('the writer stopped')))).rejects.toThrow(
      'the writer stopped',
    );
    expect(await storage().get(sha(bytes))).toBeNull();
    const uploads = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fileBytes)
      .where(like(fileBytes.id, 'upload-%'));
    expect(uploads[0]!.n).toBe(0);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('database storage', () => {
  it('keeps a file put at once as its part 0, and removes an upload abandoned more than a day ago', async () => {
    const bytes = randomBytes(1000);
    await databaseStorage(t.db).put(sha(bytes), bytes);
    expect((await databaseStorage(t.db).get(sha(bytes)))!.equals(bytes)).toBe(true);
    const old = `upload-${Date.now() - 25 * 3600_000}-000000000000`;
    const recent = `upload-${Date.now() - 3600_000}-000000000000`;
    await t.db.insert(fileBytes).values([
      { id: old, part: 0, bytes },
      { id: recent, part: 0, bytes },
    ]);
    await databaseStorage(t.db).putStream(chunks(randomBytes(10)));
    const left = await t.db.select({ id: fileBytes.id }).from(fileBytes).where(like(fileBytes.id, 'upload-%'));
    expect(left.map((r) => r.id)).toEqual([recent]);
  });
});

describe('disk storage', () => {
  it('removes the temporary file of a stream abandoned more than a day ago, and keeps a recent one', async () => {
    const old = join(dir, 'upload.0123456789ab.tmp');
    const recent = join(dir, 'upload.ba9876543210.tmp');
    await writeFile(old, 'cut off');
    await writeFile(recent, 'being written');
    const dayAgo = (Date.now() - 25 * 3600_000) / 1000;
    await utimes(old, dayAgo, dayAgo);
    await diskStorage(dir).putStream(chunks(randomBytes(10)));
    const left = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
    expect(left).toEqual(['upload.ba9876543210.tmp']);
    await rm(recent);
  });
});
