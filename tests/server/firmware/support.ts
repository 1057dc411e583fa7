/** Firmware tests' helpers: a file's upload in parts, as the console sends it, and a package made from it. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PackageInput } from '../../../shared/firmware/index.js';
import { deviceModels } from '../../../server/device/index.js';
import type { TestApp } from '../helpers.js';

export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `size` bytes that differ for every seed (so two files are never the same content). */
export function fileOf(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

/** Sends every part of `bytes` (in the part size the upstream answers): the upload's id. */
export async function upload(t: TestApp, token: string, bytes: Buffer, name = 'firmware.bin'): Promise<number> {
  const started = await t.ok('firmware.uploadStart', { body: { name, size: bytes.length } }, token);
  for (let part = 0; part < started.parts; part++) {
    const slice = bytes.subarray(part * started.partBytes, (part + 1) * started.partBytes);
    await t.ok(
      'firmware.uploadPart',
      { params: { id: started.uploadId, part }, body: { data: slice.toString('base64'), sha256: sha(slice) } },
      token,
    );
  }
  return started.uploadId;
}

export const modelId = async (t: TestApp, name: string) =>
  (await t.db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.name, name)))[0]!.id;

/** A draft package of the model's main board from a fresh upload. */
export async function draft(
  t: TestApp,
  token: string,
  over: Partial<PackageInput> & { modelId: number },
  bytes: Buffer = fileOf(3000, JSON.stringify(over)),
) {
  const uploadId = await upload(t, token, bytes);
  return t.ok(
    'firmware.create',
    {
      body: {
        module: 'mainBoard',
        version: '9.0.0',
        fromVersion: null,
        notesZh: '测试',
        notesEn: 'Test',
        uploadId,
        ...over,
      },
    },
    token,
  );
}
