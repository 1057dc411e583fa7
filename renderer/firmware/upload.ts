/**
 * A package file's upload, as the upstream takes it (shared/firmware
 * FIRMWARE_LIMITS partBytes): read a slice at a time from the chosen file,
 * each part sent with its SHA-256 and sent again, twice at most, when the
 * network or the part's checksum failed on the way. Nothing holds the file
 * whole: a 64 MB package is a part in memory at a time.
 */
import { callOp, OpError } from '../bridge.js';
import { CODE } from '../../shared/domains.js';
import type { OpInput } from '../../shared/ipc.js';
import { base64Of, sha256Hex } from '../kit/index.js';

const TRIES = 3;

/** A failure worth another try: the part was lost or damaged on the way, not refused for what it is. */
const transient = (error: unknown) =>
  error instanceof OpError && (error.source === 'network' || error.code === CODE.partChecksum);

async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= TRIES || !transient(error)) throw error;
    }
  }
}

/**
 * Sends the file; `progress` hears the bytes the upstream holds after each
 * part. `pkg`, the package it is for, is checked before the first byte goes
 * (a taken version is refused at once, not after the whole file). Answers the upload's id.
 */
export async function uploadFile(
  file: File,
  progress: (sent: number) => void,
  pkg?: OpInput<'firmware.uploadStart'>['body']['package'],
): Promise<number> {
  const started = await callOp('firmware.uploadStart', {
    body: { name: file.name, size: file.size, ...(pkg ? { package: pkg } : {}) },
  });
  for (let part = 0; part < started.parts; part++) {
    const from = part * started.partBytes;
    const bytes = new Uint8Array(await file.slice(from, from + started.partBytes).arrayBuffer());
    const body = { data: base64Of(bytes), sha256: await sha256Hex(bytes) };
    await retried(() => callOp('firmware.uploadPart', { params: { id: started.uploadId, part }, body }));
    progress(Math.min(file.size, from + bytes.length));
  }
  return started.uploadId;
}
