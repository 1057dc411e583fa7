/**
 * Firmware packages: uploaded in parts with each part's checksum, kept under
 * the SHA-256 of the whole, at most 100 per model under concurrent creation,
 * one version per module, released and withdrawn once; only the admin
 * writes, tenants read what has been released.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { FIRMWARE_LIMITS } from '../../../shared/firmware/index.js';
import { firmwarePackages } from '../../../server/firmware/schema.js';
import { databaseStorage } from '../../../server/storage/index.js';
import { suiteApp } from '../helpers.js';
import { draft, fileOf, modelId, sha, upload } from './support.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2']);
const MB = FIRMWARE_LIMITS.partBytes;

async function bytesOf(id: string): Promise<Buffer> {
  const parts = await databaseStorage(t.db).read(id);
  const chunks: Buffer[] = [];
  for await (const chunk of parts!) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('firmware.models', () => {
  it('lists each model with its modules; a tenant counts released and withdrawn packages only', async () => {
    const admin = await t.ok('firmware.models', {}, t.token.admin);
    const tenant = await t.ok('firmware.models', {}, t.token.tenant1);
    const s600 = admin.find((m) => m.name === 'VM-S600')!;
    expect(s600.modules).toEqual(['mainBoard', 'payment', 'cooling', 'display', 'network']);
    expect(tenant.find((m) => m.name === 'VM-S600')!.packages).toBe(s600.packages - 1);
  });
});

describe('firmware.setModules', () => {
  it('sets a model’s modules; a module with packages stays (1803); the admin’s alone', async () => {
    const id = await modelId(t, 'VM-S800');
    const set = await t.ok(
      'firmware.setModules',
      { params: { id }, body: { modules: ['network', 'mainBoard', 'cardReader'] } },
      t.token.admin,
    );
    expect(set.modules).toEqual(['mainBoard', 'cardReader', 'network']);
    // Its board's remote prices: off, then on again; left as it is when not said.
    const off = await t.ok(
      'firmware.setModules',
      { params: { id }, body: { modules: set.modules, remotePrice: false } },
      t.token.admin,
    );
    expect(off.remotePrice).toBe(false);
    const kept = await t.ok('firmware.setModules', { params: { id }, body: { modules: set.modules } }, t.token.admin);
    expect(kept.remotePrice).toBe(false);
    expect(
      (
        await t.ok(
          'firmware.setModules',
          { params: { id }, body: { modules: set.modules, remotePrice: true } },
          t.token.admin,
        )
      ).remotePrice,
    ).toBe(true);
    await draft(t, t.token.admin, { modelId: id, module: 'cardReader', version: '1.0.0' });
    expect(
      await t.code('firmware.setModules', { params: { id }, body: { modules: ['mainBoard'] } }, t.token.admin),
    ).toBe(CODE.moduleInUse);
    expect(await t.code('firmware.setModules', { params: { id: 999_999 }, body: { modules: [] } }, t.token.admin)).toBe(
      CODE.deviceModelNotFound,
    );
    expect(await t.code('firmware.setModules', { params: { id }, body: { modules: [] } }, t.token.tenant1)).toBe(
      CODE.forbidden,
    );
  });
});

describe('firmware.uploadStart', () => {
  it('refuses an empty file (1705) and one over 64 MB (1706)', async () => {
    expect(await t.code('firmware.uploadStart', { body: { name: 'a.bin', size: 0 } }, t.token.admin)).toBe(
      CODE.packageFileEmpty,
    );
    expect(
      await t.code(
        'firmware.uploadStart',
        { body: { name: 'a.bin', size: FIRMWARE_LIMITS.fileMaxBytes + 1 } },
        t.token.admin,
      ),
    ).toBe(CODE.packageFileTooLarge);
    expect(
      await t.ok('firmware.uploadStart', { body: { name: 'a.bin', size: 2 * MB + 5 } }, t.token.admin),
    ).toMatchObject({ parts: 3, partBytes: MB });
    expect(await t.code('firmware.uploadStart', { body: { name: 'a.bin', size: 10 } }, t.token.tenant1)).toBe(
      CODE.forbidden,
    );
  });

  it('checks the package it is for before a byte is sent: a taken version, a module the model lacks, a lowest version not below', async () => {
    const id = await modelId(t, 'VM-C900');
    await draft(t, t.token.admin, { modelId: id, module: 'brewer', version: '5.0.0' });
    const start = (pkg: { module?: string; version?: string; fromVersion?: string | null }) =>
      t.call(
        'firmware.uploadStart',
        {
          body: {
            name: 'x.bin',
            size: 20 * MB,
            package: { modelId: id, module: 'brewer', version: '5.1.0', fromVersion: null, ...pkg } as never,
          },
        },
        t.token.admin,
      );
    expect((await start({ version: '5.0.0' })).body.code).toBe(CODE.packageVersionTaken);
    expect((await start({ module: 'cooling' })).body.code).toBe(CODE.moduleNotOfModel);
    expect((await start({ fromVersion: '5.2.0' })).body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { fromVersion: 'firmware.validation.fromVersionNotBelow' } },
    });
    expect((await start({})).body).toMatchObject({ code: CODE.ok, content: { parts: 20 } });
  });
});

describe('firmware.uploadPart', () => {
  it('takes a part whose bytes match its checksum and size; a part sent again replaces it', async () => {
    const bytes = fileOf(MB + 100, 'parts');
    const { uploadId } = await t.ok(
      'firmware.uploadStart',
      { body: { name: 'p.bin', size: bytes.length } },
      t.token.admin,
    );
    const head = bytes.subarray(0, MB);
    const tail = bytes.subarray(MB);
    const send = (part: number, data: Buffer, checksum = sha(data)) =>
      t.call(
        'firmware.uploadPart',
        { params: { id: uploadId, part }, body: { data: data.toString('base64'), sha256: checksum } },
        t.token.admin,
      );
    expect((await send(0, head, sha(tail))).body.code).toBe(CODE.partChecksum);
    expect((await send(1, head)).body.code).toBe(CODE.partOutOfRange);
    expect((await send(2, tail)).body.code).toBe(CODE.partOutOfRange);
    expect((await send(1, tail)).body.content).toEqual({ received: 1, parts: 2 });
    expect((await send(1, tail)).body.content).toEqual({ received: 1, parts: 2 });
    expect((await send(0, head)).body.content).toEqual({ received: 2, parts: 2 });
    const unknown = await t.call(
      'firmware.uploadPart',
      { params: { id: 999_999, part: 0 }, body: { data: '', sha256: sha(Buffer.alloc(0)) } },
      t.token.admin,
    );
    expect(unknown.body.code).toBe(CODE.uploadNotFound);
  });
});

describe('firmware.create', () => {
  it('keeps the file under the SHA-256 of its bytes, streamed from its parts', async () => {
    const id = await modelId(t, 'VM-C900');
    const bytes = fileOf(2 * MB + 777, 'create');
    const pkg = await draft(
      t,
      t.token.admin,
      { modelId: id, version: '3.2.0', fromVersion: '3.0.0', module: 'brewer' },
      bytes,
    );
    expect(pkg).toMatchObject({
      state: 'draft',
      size: bytes.length,
      sha256: sha(bytes),
      modelName: 'VM-C900',
      fileName: 'firmware.bin',
      createdBy: 'admin',
    });
    expect(sha(await bytesOf(pkg.sha256))).toBe(sha(bytes));
  });

  it('refuses an unfinished upload (1708), a module the model lacks (1704), a taken version (1703), a bad lowest version', async () => {
    const id = await modelId(t, 'VM-C900');
    const started = await t.ok('firmware.uploadStart', { body: { name: 'x.bin', size: 10 } }, t.token.admin);
    const body = {
      modelId: id,
      module: 'brewer',
      version: '3.3.0',
      fromVersion: null,
      notesZh: '',
      notesEn: '',
      uploadId: started.uploadId,
    } as const;
    expect(await t.code('firmware.create', { body }, t.token.admin)).toBe(CODE.uploadIncomplete);
    const uploadId = await upload(t, t.token.admin, fileOf(10, 'x'));
    expect(await t.code('firmware.create', { body: { ...body, uploadId, module: 'cooling' } }, t.token.admin)).toBe(
      CODE.moduleNotOfModel,
    );
    expect(await t.code('firmware.create', { body: { ...body, uploadId, modelId: 999_999 } }, t.token.admin)).toBe(
      CODE.deviceModelNotFound,
    );
    expect(await t.code('firmware.create', { body: { ...body, uploadId, version: '3.1.0' } }, t.token.admin)).toBe(
      CODE.packageVersionTaken,
    );
    const low = await t.call('firmware.create', { body: { ...body, uploadId, fromVersion: '3.3.0' } }, t.token.admin);
    expect(low.body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { fromVersion: 'firmware.validation.fromVersionNotBelow' } },
    });
    const bad = await t.call('firmware.create', { body: { ...body, uploadId, version: '3.3' } }, t.token.admin);
    expect(bad.body.code).toBe(CODE.badRequest);
    expect(await t.code('firmware.create', { body: { ...body, uploadId } }, t.token.tenant1)).toBe(CODE.forbidden);
    // The upload is still there after the refusals: the right call takes it.
    expect(await t.code('firmware.create', { body: { ...body, uploadId } }, t.token.admin)).toBe(CODE.ok);
    expect(await t.code('firmware.create', { body: { ...body, uploadId, version: '3.4.0' } }, t.token.admin)).toBe(
      CODE.uploadNotFound,
    );
  });

  it('holds at most 100 packages per model, whatever the concurrency (1702)', async () => {
    const id = await modelId(t, 'SL-20');
    const rows = Array.from({ length: FIRMWARE_LIMITS.packagesPerModel - 3 }, (_, i) => ({
      modelId: id,
      module: 'network' as const,
      version: `0.0.${i}`,
      fileId: sha(Buffer.from(String(i))),
      fileName: 'n.bin',
      size: 1,
    }));
    await t.db.insert(firmwarePackages).values(rows);
    const uploads = [];
    for (let i = 0; i < 8; i++) uploads.push(await upload(t, t.token.admin, fileOf(100, `race${i}`)));
    const codes = await Promise.all(
      uploads.map((uploadId, i) =>
        t.code(
          'firmware.create',
          {
            body: {
              modelId: id,
              module: 'mainBoard',
              version: `5.0.${i}`,
              fromVersion: null,
              notesZh: '',
              notesEn: '',
              uploadId,
            },
          },
          t.token.admin,
        ),
      ),
    );
    expect(codes.filter((c) => c === CODE.ok)).toHaveLength(3);
    expect(codes.filter((c) => c !== CODE.ok).every((c) => c === CODE.packageLimit)).toBe(true);
    const held = await t.db.select().from(firmwarePackages).where(eq(firmwarePackages.modelId, id));
    expect(held).toHaveLength(FIRMWARE_LIMITS.packagesPerModel);
  });
});

describe('firmware.page', () => {
  it('filters by model, module, state and keyword; tenants never see drafts', async () => {
    const id = await modelId(t, 'VM-S600');
    const admin = await t.ok('firmware.page', { query: {}, body: { modelId: id, module: 'mainBoard' } }, t.token.admin);
    expect(admin.list.map((p) => p.version)).toEqual(['2.5.0-beta.1', '2.4.0', '2.3.0']);
    const tenant = await t.ok('firmware.page', { query: {}, body: { modelId: id } }, t.token.tenant1);
    expect(tenant.list.every((p) => p.state !== 'draft')).toBe(true);
    expect(tenant.total).toBe(4);
    expect(
      (await t.ok('firmware.page', { query: {}, body: { state: 'withdrawn' } }, t.token.tenant2)).list.map(
        (p) => p.version,
      ),
    ).toEqual(['1.8.1']);
    expect(
      (await t.ok('firmware.page', { query: {}, body: { keyword: 'VM-C900_brewer_3.1' } }, t.token.admin)).total,
    ).toBe(1);
  });
});

describe('firmware.info', () => {
  it('counts the caller’s devices of the model and those running the version; a draft is the admin’s', async () => {
    const [pkg] = (
      await t.ok('firmware.page', { query: {}, body: { keyword: '2.3.0', state: 'released' } }, t.token.tenant1)
    ).list;
    const mine = await t.ok('firmware.info', { params: { id: pkg!.id } }, t.token.tenant1);
    const all = await t.ok('firmware.info', { params: { id: pkg!.id } }, t.token.admin);
    expect(mine.running).toBeGreaterThan(0);
    expect(all.running).toBeGreaterThan(mine.running);
    expect(mine.devices).toBeGreaterThanOrEqual(mine.running);
    const [beta] = (await t.ok('firmware.page', { query: {}, body: { keyword: 'beta' } }, t.token.admin)).list;
    expect(await t.code('firmware.info', { params: { id: beta!.id } }, t.token.tenant1)).toBe(CODE.packageNotFound);
  });
});

describe('firmware.update', () => {
  it('changes notes at any time, the lowest version only in a draft (1710)', async () => {
    const [pkg] = (await t.ok('firmware.page', { query: {}, body: { keyword: '2.4.0' } }, t.token.admin)).list;
    const notes = { notesZh: '新说明', notesEn: 'New notes', fromVersion: pkg!.fromVersion };
    expect(await t.ok('firmware.update', { params: { id: pkg!.id }, body: notes }, t.token.admin)).toMatchObject({
      notesEn: 'New notes',
    });
    expect(
      await t.code(
        'firmware.update',
        { params: { id: pkg!.id }, body: { ...notes, fromVersion: '1.0.0' } },
        t.token.admin,
      ),
    ).toBe(CODE.packageNotDraft);
  });
});

describe('firmware.release', () => {
  it('releases a draft once, whatever the concurrency', async () => {
    const pkg = await draft(t, t.token.admin, { modelId: await modelId(t, 'VM-S600'), version: '7.0.0' });
    const codes = await Promise.all(
      Array.from({ length: 8 }, () => t.code('firmware.release', { params: { id: pkg.id } }, t.token.admin)),
    );
    expect(codes.filter((c) => c === CODE.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.packageNotDraft)).toHaveLength(7);
    expect(await t.ok('firmware.info', { params: { id: pkg.id } }, t.token.tenant1)).toMatchObject({
      state: 'released',
    });
  });
});

describe('firmware.withdraw', () => {
  it('withdraws a released package once; a draft is not released (1711)', async () => {
    const pkg = await draft(t, t.token.admin, { modelId: await modelId(t, 'VM-S600'), version: '7.1.0' });
    expect(await t.code('firmware.withdraw', { params: { id: pkg.id } }, t.token.admin)).toBe(CODE.packageNotReleased);
    await t.ok('firmware.release', { params: { id: pkg.id } }, t.token.admin);
    expect(await t.ok('firmware.withdraw', { params: { id: pkg.id } }, t.token.admin)).toMatchObject({
      state: 'withdrawn',
      withdrawnAt: expect.any(String),
    });
    expect(await t.code('firmware.withdraw', { params: { id: pkg.id } }, t.token.admin)).toBe(CODE.packageWithdrawn);
    expect(await t.code('firmware.release', { params: { id: pkg.id } }, t.token.admin)).toBe(CODE.packageWithdrawn);
  });
});

describe('firmware.delete', () => {
  it('deletes a draft and its file; a released package stays (1710)', async () => {
    const bytes = fileOf(5000, 'delete me');
    const pkg = await draft(t, t.token.admin, { modelId: await modelId(t, 'VM-S600'), version: '7.2.0' }, bytes);
    expect(await t.ok('firmware.delete', { params: { id: pkg.id } }, t.token.admin)).toEqual({ deleted: true });
    expect(await databaseStorage(t.db).read(sha(bytes))).toBeNull();
    expect(await t.code('firmware.delete', { params: { id: pkg.id } }, t.token.admin)).toBe(CODE.packageNotFound);
    const [released] = (await t.ok('firmware.page', { query: {}, body: { state: 'released' } }, t.token.admin)).list;
    expect(await t.code('firmware.delete', { params: { id: released!.id } }, t.token.admin)).toBe(CODE.packageNotDraft);
  });
});
