import { beforeAll, describe, expect, it } from 'vitest';
import { serveRegionsFromDisk } from './regions-fetch.js';
import type { TFunction } from 'i18next';
import { POINT_LIMITS } from '../../shared/point/index.js';
import { signInForm } from '../../shared/account/index.js';
import { fieldsUnder, issueMessage, zodI18nResolver } from '../../renderer/app/form.js';
import { pointDialogSchema, type PointDialogValues } from '../../renderer/point/pointSchema.js';
import { tenantChoice } from '../../renderer/kit/tenants.js';
import type { SessionUser } from '../../shared/ipc.js';
import { z } from 'zod';
import { activityInput } from '../../shared/activity/index.js';
import { emptyValues, toInput, type ActivityValues } from '../../renderer/activity/form.js';

/** A `t` that shows which key it was given, and the `max` our texts use. */
const t = ((key: string, params?: { max?: number }) =>
  params?.max === undefined ? key : `${key} ${JSON.stringify({ max: params.max })}`) as unknown as TFunction;
const opts = { fields: {}, shouldUseNativeValidation: false };

const user = (over: Partial<SessionUser>): SessionUser => ({
  platformType: 0,
  userId: 1,
  username: 'u',
  name: 'U',
  tenantId: 5,
  parentTenantId: null,
  employeeId: null,
  roles: [],
  powers: [],
  roleKind: 'tenant',
  roleName: 'first-level tenant',
  allValue: ['1'],
  epoch: 'run.1',
  ...over,
});

describe('zod → react-hook-form resolver', () => {
  it('turns issues into localised messages with their limits', async () => {
    const resolve = zodI18nResolver(pointDialogSchema('none'), t);
    const result = await resolve(
      { name: '', areaCode: '310112', address: 'x'.repeat(POINT_LIMITS.address + 1) },
      undefined,
      opts,
    );
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe('validation.required');
    expect(result.errors.address?.message).toBe(`validation.maxLength {"max":${POINT_LIMITS.address}}`);
    expect(result.errors.areaCode).toBeUndefined();
  });

  it('says an empty number the schema wants is required, not of a wrong format (a coupon quantity left empty)', async () => {
    const coupon = z.preprocess((v) => toInput(v as ActivityValues), activityInput);
    const values = emptyValues('coupon');
    values.name = '满减券';
    values.coupon.amount = '5';
    values.coupon.validDays = 'x';
    const result = await zodI18nResolver(coupon as never, t)(values as never, undefined, opts);
    const errors = result.errors as { coupon?: Record<string, { message?: string }> };
    expect(errors.coupon?.quantity?.message).toBe('validation.required');
    // What was typed wrong still says so.
    expect(errors.coupon?.validDays?.message).toBe('validation.invalid');
  });

  it('returns the parsed (trimmed) values when valid', async () => {
    const resolve = zodI18nResolver(pointDialogSchema('none'), t);
    const result = await resolve({ name: ' A ', areaCode: '440106', address: 'C' }, undefined, opts);
    expect(result).toEqual({ values: { name: 'A', areaCode: '440106', address: 'C' }, errors: {} });
  });

  beforeAll(() => {
    serveRegionsFromDisk();
  });

  it('takes only a division without subdivisions of the data as the area, before the server would refuse it', async () => {
    const resolve = zodI18nResolver(pointDialogSchema('none'), t);
    // Nothing chosen, a province, a city with districts, a code the data lacks, not a code at all.
    for (const areaCode of ['', '440000', '440100', '440199', '4401']) {
      const result = await resolve({ name: 'A', areaCode, address: 'C' }, undefined, opts);
      expect(result.errors.areaCode?.message, areaCode).toBe('validation.region');
    }
    // A municipality's district and a city without districts are areas.
    for (const areaCode of ['310112', '441900']) {
      expect((await resolve({ name: 'A', areaCode, address: 'C' }, undefined, opts)).errors, areaCode).toEqual({});
    }
  });

  it('lets a form re-key issues (sign-in texts)', async () => {
    const resolve = zodI18nResolver(signInForm, t, (i) =>
      i.path[0] === 'password' && i.message !== 'validation.passwordRequired' ? 'validation.password' : undefined,
    );
    const empty = await resolve({ username: '', password: '' }, undefined, opts);
    expect(empty.errors.username?.message).toBe('validation.username');
    expect(empty.errors.password?.message).toBe('validation.passwordRequired');
    const long = await resolve({ username: 'a b', password: 'x'.repeat(65) }, undefined, opts);
    expect(long.errors.username?.message).toBe('validation.username');
    expect(long.errors.password?.message).toBe('validation.password {"max":64}');
  });
});

describe('tenant choice of a new point', () => {
  it('is required of the admin, optional for a first-level tenant, absent otherwise', () => {
    expect(tenantChoice(user({ roleKind: 'admin' }), true)).toBe('required');
    expect(tenantChoice(user({}), true)).toBe('optional');
    expect(tenantChoice(user({ parentTenantId: 2 }), true)).toBe('none');
    expect(tenantChoice(user({ roleKind: 'member' }), true)).toBe('none');
    expect(tenantChoice(user({ roleKind: 'admin' }), false)).toBe('none');
  });

  it('refuses an admin form without a tenant', async () => {
    const values: PointDialogValues = { name: 'A', areaCode: '310112', address: 'C' };
    const admin = await zodI18nResolver(pointDialogSchema('required'), t)(values, undefined, opts);
    expect(admin.errors.tenantId?.message).toBe('validation.required');
    const tenant = await zodI18nResolver(pointDialogSchema('optional'), t)(values, undefined, opts);
    expect(tenant.errors).toEqual({});
  });
});

describe('issue messages', () => {
  const key = (message: string) => issueMessage({ code: 'custom', message, path: ['x'] }).key;
  it('keeps common and domain validation keys, and reads anything else as "invalid"', () => {
    expect(key('validation.required')).toBe('validation.required');
    expect(key('product.validation.tagsRepeat')).toBe('product.validation.tagsRepeat');
    expect(key('file.validation.tooLarge')).toBe('file.validation.tooLarge');
    for (const other of ['Expected string, received number', 'product.name', 'a.b.validation.c', ''])
      expect(key(other), other).toBe('validation.invalid');
  });
});

describe('fieldsUnder', () => {
  it('names the fields of one part of a body as the form does, and leaves the others as they are', () => {
    expect(
      fieldsUnder(
        {
          'filter.from': 'order.validation.time',
          'filter.to': 'order.validation.range',
          email: 'order.validation.email',
          filterX: 'validation.invalid',
        },
        'filter',
      ),
    ).toEqual({
      from: 'order.validation.time',
      to: 'order.validation.range',
      email: 'order.validation.email',
      filterX: 'validation.invalid',
    });
  });
});
