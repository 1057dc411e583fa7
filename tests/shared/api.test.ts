import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../shared/domains.js';
import { fillPath, holdsPower, ID_MAX, pageQuery } from '../../shared/api/define.js';
import { ipc, isIpcOp } from '../../shared/ipc.js';
import { POWER_CODES, ROLE_VALUE, roleKindOf } from '../../shared/roles.js';
import { pointForm } from '../../shared/point/index.js';

describe('API table', () => {
  it('keeps operation names unique across the API and IPC tables', () => {
    for (const op of Object.keys(api)) expect(isIpcOp(op)).toBe(false);
    expect(Object.keys(ipc).every(isIpcOp)).toBe(true);
  });

  it("bounds every id an operation takes by PostgreSQL's integer, so a larger one is a field error and not a failed query", () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const json = node as Record<string, unknown>;
      const named = /(^|\.)(id|\w+Id|\w+Ids)$/.test(path);
      if (named && json.type === 'integer' && !(typeof json.maximum === 'number' && json.maximum <= ID_MAX))
        unbounded.push(path);
      for (const [key, child] of Object.entries(json)) {
        if (key === 'properties')
          for (const [name, prop] of Object.entries(child as object)) walk(prop, `${path}.${name}`);
        else if (typeof child === 'object') walk(child, path);
      }
    };
    for (const [op, e] of Object.entries(api))
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = (e as Partial<Record<typeof part, z.ZodType>>)[part];
        if (schema) walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), `${op} ${part}`);
      }
    expect(unbounded).toEqual([]);
  });

  it('uses one method and path per operation', () => {
    const seen = new Set<string>();
    for (const [op, e] of Object.entries(api)) {
      const key = `${e.method} ${e.path}`;
      expect(seen.has(key), `${op} repeats ${key}`).toBe(false);
      seen.add(key);
      // Path parameters are declared by a params schema.
      if (e.path.includes(':')) expect('params' in e, op).toBe(true);
    }
  });

  it('keeps the spec paths exactly as written', () => {
    expect(api['account.token'].path).toBe('/oauth/token');
    expect(api['account.info'].path).toBe('/user/info');
    expect(api['account.exit'].path).toBe('/user/exit');
    expect(fillPath(api['account.adminPassword'].path, { userId: 7 })).toBe('/user/password/7');
    expect(api['tenant.password'].path).toBe('/tenant/update/password');
    expect(api['staff.password'].path).toBe('/employee/update/password');
    expect(api['account.token'].timeoutMs).toBe(20_000);
    expect(api['staff.info'].timeoutMs).toBe(60_000);
  });

  it('fills and encodes path parameters and refuses missing ones', () => {
    expect(fillPath('/point/info/:id', { id: 'a/b' })).toBe('/point/info/a%2Fb');
    expect(() => fillPath('/point/info/:id', {})).toThrow(/id/);
  });

  it('defaults and bounds paging', () => {
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(pageQuery.safeParse({ pageNum: 0 }).success).toBe(false);
    expect(pageQuery.safeParse({ pageSize: 1000 }).success).toBe(false);
  });

  it('gives i18n keys for point form issues', () => {
    const r = pointForm.safeParse({ name: '  ', areaCode: '3101', address: 'x'.repeat(101) });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: 'validation.required',
      areaCode: 'validation.region',
      address: 'validation.maxLength',
    });
  });
});

describe('power rule', () => {
  it('passes a member holding any one of the listed codes', () => {
    expect(holdsPower(['3-2'], ['2-1', '3-2'])).toBe(true);
    expect(holdsPower(['1-1'], ['2-1', '3-2'])).toBe(false);
    expect(holdsPower(['3-1'], '3-1')).toBe(true);
    expect(holdsPower([], '3-1')).toBe(false);
    expect(holdsPower([], undefined)).toBe(true);
  });
  it('lets the bind screen list devices with the bind code alone', () => {
    expect(holdsPower(['3-2'], api['device.page'].access.power)).toBe(true);
  });
});

describe('roles', () => {
  const role = (value: string) => ({ value, name: value, systemRole: true, roleId: null });
  it('derives the role kind from role values', () => {
    expect(roleKindOf([role(ROLE_VALUE.admin)])).toBe('admin');
    expect(roleKindOf([role(ROLE_VALUE.tenant)])).toBe('tenant');
    expect(roleKindOf([role(ROLE_VALUE.enterprise)])).toBe('enterprise');
    expect(roleKindOf([role('member')])).toBe('member');
    expect(roleKindOf([])).toBeUndefined();
  });
  it('lists the fifteen permission codes of the spec, and 9-1 of the revenue shares and 10-1 of the operation log beyond it (docs/departures.md)', () => {
    expect(POWER_CODES).toHaveLength(17);
    expect(POWER_CODES.slice(-2)).toEqual(['9-1', '10-1']);
  });
});
