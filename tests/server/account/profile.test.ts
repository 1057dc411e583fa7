/** The account page (spec §2 /person, §3 session user, §5 "a new phone must differ from the old"): one's own info, avatar and entity type. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { IMAGES, multipart } from '../file/support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin', 'member1', 'enterprise1']);

/** An upload as the console sends it (multipart), as server/file's own tests do. */
async function upload(token: string, name: string, bytes: Buffer) {
  const { body, contentType } = multipart('file', name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/file/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return res.json() as { code: number; content: { id: string } };
}

describe('account.profile', () => {
  it('shows each role its own account, with what applies to it', async () => {
    expect(await t.ok('account.profile', {}, t.token.tenant1)).toEqual({
      name: '华东智售科技有限公司',
      username: 'tenant1',
      roleName: 'first-level tenant',
      contact: '13916200001',
      avatar: null,
      entityType: 'enterprise',
      hasEntity: true,
    });
    expect(await t.ok('account.profile', {}, t.token.admin)).toMatchObject({
      username: 'admin',
      hasEntity: false,
      entityType: null,
    });
    expect(await t.ok('account.profile', {}, t.token.member1)).toMatchObject({ username: 'member1', hasEntity: false });
    expect(await t.ok('account.profile', {}, t.token.enterprise1)).toMatchObject({
      username: 'enterprise1',
      hasEntity: true,
    });
  });
});

describe('account.updateProfile', () => {
  it('changes the contact only to a new valid phone, and the entity type only where it applies', async () => {
    const same = await t.call('account.updateProfile', { body: { contact: '13802500002' } }, t.token.tenant2);
    expect(same.body.content.fields).toEqual({ contact: 'account.validation.samePhone' });
    expect(
      (await t.call('account.updateProfile', { body: { contact: '12345' } }, t.token.tenant2)).body.content.fields,
    ).toEqual({ contact: 'validation.phone' });
    expect(
      await t.ok(
        'account.updateProfile',
        { body: { contact: '13802500003', entityType: 'individual' } },
        t.token.tenant2,
      ),
    ).toMatchObject({ contact: '13802500003', entityType: 'individual' });
    expect(
      (await t.call('account.updateProfile', { body: { entityType: 'other' } }, t.token.member1)).body.content.fields,
    ).toEqual({ entityType: 'account.validation.entityType' });
  });

  it("takes an avatar uploaded as every upload is (by its content), and refuses a file the caller's scope does not hold", async () => {
    expect((await upload(t.token.member1, 'avatar.png', Buffer.from('#!/bin/sh\nrm -rf /\n'))).code).toBe(
      CODE.fileTypeRefused,
    );
    // A member without product powers uploads its own avatar.
    const { content: file } = await upload(t.token.member1, 'avatar.png', Object.values(IMAGES)[0]!);
    expect(await t.ok('account.updateProfile', { body: { avatar: file.id } }, t.token.member1)).toMatchObject({
      avatar: file.id,
    });
    // Tenant B holds no grant of it.
    expect(await t.code('account.updateProfile', { body: { avatar: file.id } }, t.token.tenant2)).toBe(
      CODE.fileNotFound,
    );
    expect(await t.ok('account.updateProfile', { body: { avatar: null } }, t.token.member1)).toMatchObject({
      avatar: null,
    });
  });
});
