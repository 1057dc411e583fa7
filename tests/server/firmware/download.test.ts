/**
 * The device side of a package: a machine of the model downloads its file,
 * whole or from any byte on (a broken download resumes), and the SHA-256 it
 * is given matches the bytes; other models' and draft packages are not its.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { CHECKSUM_HEADER } from '../../../shared/firmware/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['admin']);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function packageId(keyword: string) {
  const [pkg] = (await t.ok('firmware.page', { query: {}, body: { keyword } }, t.token.admin)).list;
  return pkg!;
}
const get = (id: number, serial: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/device-api/v1/firmware/${id}`,
    headers: { authorization: deviceBasic(serial), ...(range ? { range } : {}) },
  });

describe('firmware.download', () => {
  it('serves the whole file with its checksum, and any range of it (206)', async () => {
    const pkg = await packageId('VM-S600_mainBoard_2.4.0');
    const whole = await get(pkg.id, 'VM2026000101');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(pkg.size);
    expect(whole.headers[CHECKSUM_HEADER]).toBe(pkg.sha256);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(sha(whole.rawPayload)).toBe(pkg.sha256);
    for (let i = 0; i < 20; i++) {
      const start = Math.floor(Math.random() * pkg.size);
      const part = await get(pkg.id, 'VM2026000101', `bytes=${start}-`);
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${pkg.size - 1}/${pkg.size}`);
      // What was held before the break and what came after it are the file.
      expect(sha(Buffer.concat([whole.rawPayload.subarray(0, start), part.rawPayload]))).toBe(pkg.sha256);
    }
    const tail = await get(pkg.id, 'VM2026000101', 'bytes=-100');
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(pkg.size - 100))).toBe(true);
    const middle = await get(pkg.id, 'VM2026000101', 'bytes=10-19');
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    // A malformed range is no range: the whole file.
    expect((await get(pkg.id, 'VM2026000101', 'bytes=abc')).statusCode).toBe(200);
  });

  it('refuses a range outside the file (1714, 416)', async () => {
    const pkg = await packageId('VM-S600_mainBoard_2.4.0');
    const res = await get(pkg.id, 'VM2026000101', `bytes=${pkg.size}-`);
    expect(res.statusCode).toBe(416);
    expect(res.json().code).toBe(CODE.rangeNotSatisfiable);
  });

  it("serves no draft, and no other model's package (1701)", async () => {
    const draft = await packageId('beta');
    expect((await get(draft.id, 'VM2026000101')).json().code).toBe(CODE.packageNotFound);
    const brewer = await packageId('VM-C900_brewer');
    expect((await get(brewer.id, 'VM2026000101')).json().code).toBe(CODE.packageNotFound);
    expect((await get(brewer.id, 'VM2026000104')).statusCode).toBe(200);
    expect((await get(999_999, 'VM2026000101')).json().code).toBe(CODE.packageNotFound);
  });
});
