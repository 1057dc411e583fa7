/**
 * Every operation of the API table that may change something is recorded in
 * the operation log (server/http/recorded.ts `isRecorded`: a console user's
 * non-GET operation), or is listed here with the reason it is not. A new
 * operation is recorded unless someone adds it to this list and says why.
 */
import { describe, expect, it } from 'vitest';
import { api, type ApiOp } from '../../shared/domains.js';
import type { EndpointDef } from '../../shared/api/define.js';
import { z } from 'zod';
import { isRecorded } from '../../server/http/recorded.js';
import { assembleOwners } from '../../server/manifest.js';
import { SERVER_DOMAINS } from '../../server/domains.js';
import { slotsOf } from '../../server/oplog/targets.js';

const MACHINE = "a machine's own report: the order, outcome, fault or report row it writes is its record";
const MEMBER = 'a member acting in the mini-program: its sign-in, claims and profile are the member page’s history';

/** Entities no tenant owns, named by their domain: firmware packages are the platform's. */
const UNOWNED = new Set(['firmware']);

const NOT_RECORDED: Partial<Record<ApiOp, string>> = {
  'account.token': 'the sign-in: recorded by the account domain as a sign-in, a failed sign-in or a lock-out',
  'member.signIn': MEMBER,
  'member.updateMe': MEMBER,
  'member.sendPhoneCode': MEMBER,
  'member.verifyPhone': MEMBER,
  'member.signOut': MEMBER,
  'wallet.myTopUp': MEMBER,
  'wallet.myGiveBack': MEMBER,
  'activity.claim': MEMBER,
  'activity.basketPrice': 'a price asked for: changes nothing',
  'device.heartbeat': MACHINE,
  'device.stockReport': MACHINE,
  'device.fault': MACHINE,
  'device.recover': MACHINE,
  'order.sale': MACHINE,
  'complaint.submit': MACHINE,
  'delivery.outcome': MACHINE,
  'callback.info': MACHINE,
  'firmware.report': MACHINE,
  'price.report': MACHINE,
  'fresh.temperatureReport': MACHINE,
  'fresh.doorOpen': MACHINE,
  'fresh.doorClose': MACHINE,
  'fresh.markdownReport': MACHINE,
};

describe('the operation log covers the API table', () => {
  it('records every operation that may change something, but those listed with a reason', () => {
    const changing = (Object.keys(api) as ApiOp[]).filter((op) => api[op].method !== 'GET');
    const left = changing.filter((op) => !isRecorded(api[op]) && !NOT_RECORDED[op]);
    expect(left, 'record these, or list them in NOT_RECORDED with the reason').toEqual([]);
    const stale = (Object.keys(NOT_RECORDED) as ApiOp[]).filter((op) => !api[op] || isRecorded(api[op]));
    expect(stale, 'recorded after all, or gone: take them off the list').toEqual([]);
  });

  it('names what a create makes by an entity some domain owns (`makes`, else the domain)', () => {
    const owners = assembleOwners(SERVER_DOMAINS);
    const unnamed = (Object.keys(api) as ApiOp[]).filter((op) => {
      const def: EndpointDef = api[op];
      if (!isRecorded(def) || slotsOf(def).length > 0) return false;
      const content = z.toJSONSchema(def.content, { io: 'output', unrepresentable: 'any' }) as {
        properties?: { id?: { type?: string } };
      };
      if (content.properties?.id?.type !== 'integer') return false;
      const entity = def.makes ?? op.split('.')[0]!;
      return !owners[entity] && !UNOWNED.has(entity);
    });
    expect(unnamed, 'give these `makes` in the API table').toEqual([]);
  });
});
