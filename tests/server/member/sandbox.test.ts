/**
 * Sandboxes cannot run in production (server/manifest.ts `sandboxesOn`):
 * with them off, a sign-in code minted with the sandbox's key is refused
 * (701) and the sandbox provider answers no refund; an upstream started on
 * PostgreSQL without SANDBOX and asked for the simulator refuses to start
 * with one line naming the setting.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxCode } from '../../../server/member/index.js';
import { sandboxConflict, sandboxesFromEnv, setSandboxes } from '../../../server/manifest.js';
import { sandboxOutcome } from '../../../server/refund/index.js';
import { sandboxPayment } from '../../../server/billing/index.js';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1']);
afterEach(() => setSandboxes(true));

describe('the sandboxes', () => {
  it('are on for an embedded database and off for PostgreSQL unless SANDBOX says', () => {
    expect(sandboxesFromEnv({}, './.data/upstream')).toBe(true);
    expect(sandboxesFromEnv({}, 'memory://')).toBe(true);
    expect(sandboxesFromEnv({}, 'postgres://vend@db/vend')).toBe(false);
    expect(sandboxesFromEnv({ SANDBOX: '1' }, 'postgres://vend@db/vend')).toBe(true);
    expect(sandboxesFromEnv({ SANDBOX: '0' }, 'memory://')).toBe(false);
    expect(sandboxConflict({})).toBeNull();
    expect(sandboxConflict({ SIMULATE: '1' })).toMatch(/SIMULATE.*SANDBOX=1/);
  });

  it('refuse a minted sign-in code, and answer no refund or renewal, when off', async () => {
    const code = sandboxCode(`prod-${process.pid}`);
    setSandboxes(false);
    const res = await t.call('member.signIn', { body: { tenantId: t.ids.tenant('A'), code } });
    expect(res.body.code).toBe(CODE.wechatCodeInvalid);
    expect(sandboxOutcome({ reason: '顾客投诉' })).toBe('unanswered');
    expect(sandboxPayment({})).toBe('unpaid');
    setSandboxes(true);
    expect((await t.call('member.signIn', { body: { tenantId: t.ids.tenant('A'), code } })).body.code).toBe(CODE.ok);
  });

  it('stop an upstream asked for the simulator on PostgreSQL without SANDBOX, with one line naming it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, SANDBOX: '', SIMULATE: '1', DATABASE_URL: 'postgres://127.0.0.1:1/none', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/SIMULATE asks for a sandbox.*SANDBOX=1/)]);
  });
});
