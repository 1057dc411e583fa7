/**
 * What an attacker tries first: ids past the column type, NUL bytes in text,
 * URLs the router cannot decode. Each is a refusal in the envelope with a
 * catalogue code, never an HTTP 500 or a bare framework answer.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1']);

describe('ids bounded to the column type', () => {
  it('refuses a path id of 2^31 or more as a field error, before any lookup', async () => {
    for (const id of [2 ** 31, 2 ** 53, 1e21]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/point/info/${id}`,
        headers: { authorization: `Bearer ${t.token.tenant1}` },
      });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json(), String(id)).toMatchObject({
        code: CODE.badRequest,
        content: { fields: { id: expect.stringMatching(/^validation\./) } },
      });
    }
    expect(await t.code('point.info', { params: { id: 2 ** 31 - 1 } }, t.token.tenant1)).toBe(CODE.pointNotFound);
  });

  it('refuses body ids of 2^31 or more', async () => {
    const bind = await t.call(
      'point.bind',
      { params: { id: t.ids.point('hongqiao') }, body: { deviceIds: [2 ** 31] } },
      t.token.tenant1,
    );
    expect(bind.status).toBe(400);
    expect(bind.body.content.fields).toEqual({ 'deviceIds.0': 'validation.max' });
    const info = await t.call('tenant.info', { body: { tenantId: 2 ** 40 } }, t.token.tenant1);
    expect(info.body.content.fields).toEqual({ tenantId: 'validation.max' });
  });
});

describe('NUL bytes in text', () => {
  it('refuses them as a validation error in forms and filters', async () => {
    const create = await t.call(
      'point.create',
      { body: { name: 'a\u0000b', areaCode: '310112', address: 'x' } },
      t.token.tenant1,
    );
    expect(create.status).toBe(400);
    expect(create.body.content.fields).toEqual({ name: 'validation.invalid' });
    const page = await t.call('point.page', { query: {}, body: { name: '\u0000' } }, t.token.tenant1);
    expect(page.status).toBe(400);
    expect(page.body.content.fields).toEqual({ name: 'validation.invalid' });
    const devices = await t.call('device.page', { query: {}, body: { keyword: 'x\u0000' } }, t.token.tenant1);
    expect(devices.body.content.fields).toEqual({ keyword: 'validation.invalid' });
  });
});

describe('framework refusals', () => {
  it('answers a URL the router cannot decode in the envelope with a catalogue code', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/point/%ff',
      headers: { authorization: `Bearer ${t.token.tenant1}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: CODE.badRequest, message: expect.any(String) });
  });

  it('answers an unknown route and a malformed body in the envelope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/nowhere' })).json()).toMatchObject({ code: CODE.notFound });
    const res = await t.app.inject({
      method: 'POST',
      url: '/point/page',
      headers: { authorization: `Bearer ${t.token.tenant1}`, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.json()).toMatchObject({ code: CODE.badRequest });
  });
});
