/**
 * Device callbacks: URLs refused unless https and public (at save and again
 * at each delivery), the secret shown once and rotated with an overlap,
 * deliveries signed as Standard Webhooks that a receiver verifies, retried
 * after 500s, time-outs and redirects (never followed), never sent again
 * after success, given up after a day; one tenant's dead endpoint does not
 * hold another's; the delivery log, test event and send-again in scope; the
 * info request's signed answer, time-out and bad signature.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { CODE } from '../../../shared/domains.js';
import { callbackDeliveries, callbackSettings, rotateCallbackKeys } from '../../../server/callback/index.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { jobs } from '../../../server/jobs/index.js';
import { configureSecrets, parseKeys, secretKeys } from '../../../server/payment/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2']);
const A = 'VM2026000106';
const B = 'VM2026000301';
let receiver: Receiver;
let saleNo = 0;

beforeAll(async () => {
  process.env.CALLBACK_ALLOW_PRIVATE = '1';
  process.env.CALLBACK_TIMEOUT_MS = '400';
  process.env.CALLBACK_RETRY_BASE_MS = '50';
  receiver = await startReceiver();
  for (const serial of [A, B]) {
    await t.db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
      .where(eq(devices.serial, serial));
    await t.db
      .update(deviceChannels)
      .set({ stock: 50, enabled: true, locked: false })
      .where(eq(deviceChannels.deviceId, t.ids.device(serial)));
  }
});
afterAll(async () => {
  for (const k of ['CALLBACK_ALLOW_PRIVATE', 'CALLBACK_TIMEOUT_MS', 'CALLBACK_RETRY_BASE_MS']) delete process.env[k];
  configureSecrets(undefined as never);
  await receiver.close();
});
afterEach(async () => {
  process.env.CALLBACK_ALLOW_PRIVATE = '1';
  receiver.answers.length = 0;
  receiver.otherwise = () => ({ status: 200, body: 'ok' });
  await t.db.delete(jobs);
});

const run = (concurrency = 2) => t.runJobs(concurrency);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function sale(serial: string, buyer: object = {}) {
  const res = await t.call(
    'order.sale',
    {
      body: {
        saleId: `CB${++saleNo}`,
        thirdPartyNumber: `4200CB${saleNo}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: 1, count: 1 }],
        ...buyer,
      },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.content as { orderNumber: string; amount: number };
}
const fault = (serial: string) =>
  t.call('device.fault', { body: { code: 'E42', message: '出货口卡住' } }, undefined, {
    authorization: deviceBasic(serial),
  });
const setUp = (
  token: string,
  body: Partial<{ eventUrl: string | null; events: string[]; infoUrl: string | null; publicKey: string | null }> = {},
) =>
  t.ok(
    'callback.save',
    {
      body: {
        eventUrl: `${receiver.url}/events`,
        infoUrl: null,
        publicKey: null,
        events: ['sale', 'fault'],
        ...body,
      } as never,
    },
    token,
  );
const log = async (token: string) =>
  (await t.ok('callback.deliveries', { query: { pageNum: 1, pageSize: 50 }, body: {} }, token)).list;

describe('callback.settings', () => {
  it('reads a tenant without settings as empty, its secret not set', async () => {
    expect(await t.ok('callback.settings', { body: {} }, t.token.tenant11)).toMatchObject({
      eventUrl: null,
      infoUrl: null,
      events: [],
      secret: { set: false, last4: null },
    });
  });
});

describe('callback.save', () => {
  it('refuses anything but https to a public address, by name after DNS too', async () => {
    delete process.env.CALLBACK_ALLOW_PRIVATE;
    const cases: [string, string][] = [
      ['http://erp.example.com/hook', 'callback.validation.https'],
      ['https://127.0.0.1/hook', 'callback.validation.private'],
      ['https://10.0.0.1/hook', 'callback.validation.private'],
      ['https://192.168.1.20:8443/hook', 'callback.validation.private'],
      ['https://[::1]/hook', 'callback.validation.private'],
      ['https://169.254.169.254/latest/meta-data', 'callback.validation.private'],
      ['https://localhost/hook', 'callback.validation.private'],
      // IPv6 forms that embed an IPv4 address: IPv4-compatible, IPv4-mapped, NAT64 (well-known and local-use), 6to4, Teredo.
      ['https://[::a9fe:a9fe]/', 'callback.validation.private'],
      ['https://[::a00:1]/', 'callback.validation.private'],
      ['https://[::7f00:1]/', 'callback.validation.private'],
      ['https://[::5db8:d822]/', 'callback.validation.private'],
      ['https://[::ffff:a9fe:a9fe]/', 'callback.validation.private'],
      ['https://[64:ff9b::a9fe:a9fe]/', 'callback.validation.private'],
      ['https://[64:ff9b:1::a00:1]/', 'callback.validation.private'],
      ['https://[2002:a9fe:a9fe::1]/', 'callback.validation.private'],
      ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'callback.validation.private'],
    ];
    for (const [url, key] of cases) {
      const res = await t.call(
        'callback.save',
        { body: { eventUrl: url, infoUrl: null, publicKey: null, events: [] } },
        t.token.tenant2,
      );
      expect(res.status, url).toBe(400);
      expect(res.body.content.fields, url).toEqual({ eventUrl: key });
    }
    const bad = await t.call(
      'callback.save',
      { body: { eventUrl: 'ftp://x', infoUrl: 'https://10.1.2.3/info', publicKey: null, events: [] } },
      t.token.tenant2,
    );
    expect(bad.body.content.fields).toMatchObject({ eventUrl: 'callback.validation.url' });
    // A public address by its number needs no DNS here.
    const ok = await t.ok(
      'callback.save',
      { body: { eventUrl: 'https://93.184.216.34/hook', infoUrl: null, publicKey: null, events: ['sale'] } },
      t.token.tenant2,
    );
    expect(ok.settings.eventUrl).toBe('https://93.184.216.34/hook');
  });

  it('makes the signing secret with the first event URL and answers it once; never again in any answer', async () => {
    const first = await setUp(t.token.tenant1);
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(first.settings.secret).toMatchObject({ set: true, last4: first.secret!.slice(-4), previousUntil: null });
    const second = await setUp(t.token.tenant1);
    expect(second.secret).toBeUndefined();
    const read = JSON.stringify(await t.ok('callback.settings', { body: {} }, t.token.tenant1));
    expect(read).not.toContain(first.secret!.slice(6, 30));
    const [row] = await t.db
      .select()
      .from(callbackSettings)
      .where(eq(callbackSettings.tenantId, t.ids.tenant('A')));
    expect(JSON.stringify(row)).not.toContain(first.secret!.slice(6, 30));
  });

  it('takes an RSA public key and refuses one that does not parse (1409); the admin names a tenant (1402), in scope (1401)', async () => {
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect((await setUp(t.token.tenant1, { publicKey })).settings.publicKey).toBe(publicKey.trim());
    expect(
      await t.code(
        'callback.save',
        { body: { eventUrl: null, infoUrl: null, publicKey: 'not a key', events: [] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.keyInvalid);
    expect(await t.code('callback.settings', { body: {} }, t.token.admin)).toBe(CODE.tenantRequired);
    expect(await t.code('callback.settings', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
    const admin = await t.ok('callback.settings', { body: { tenantId: t.ids.tenant('A') } }, t.token.admin);
    expect(admin.eventUrl).toBe(`${receiver.url}/events`);
  });
});

describe('callback.deliveries', () => {
  it('delivers the chosen events signed as Standard Webhooks, the sale with its order; events not chosen are not sent', async () => {
    const { secret } = await t.ok('callback.rotateSecret', { body: {} }, t.token.tenant1);
    const before = receiver.received.length;
    const sold = await sale(A);
    await t.call('device.recover', { body: {} }, undefined, { authorization: deviceBasic(A) });
    await fault(A);
    await t.call('device.recover', { body: {} }, undefined, { authorization: deviceBasic(A) });
    expect(await run()).toBe(2);
    const got = receiver.received.slice(before);
    expect(got.map((r) => JSON.parse(r.body).type).sort()).toEqual(['fault', 'sale']);
    for (const r of got) {
      // The receiver verifies with the new secret; the previous one signed beside it.
      expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
      expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    }
    const saleBody = JSON.parse(got.find((r) => JSON.parse(r.body).type === 'sale')!.body);
    expect(saleBody).toMatchObject({
      tenantId: t.ids.tenant('A'),
      data: { orderId: expect.any(Number), number: sold.orderNumber, amount: sold.amount },
    });
    const faultBody = JSON.parse(got.find((r) => JSON.parse(r.body).type === 'fault')!.body);
    expect(faultBody.data).toMatchObject({ serial: A, code: 'E42', message: '出货口卡住' });
    expect(faultBody.data.notify).toBeUndefined();
    const rows = await log(t.token.tenant1);
    expect(rows.slice(0, 2).map((r) => r.state)).toEqual(['delivered', 'delivered']);
    expect(rows[0]).toMatchObject({ attempts: 1, statusCode: 200, answer: 'ok', nextAt: null });
    expect(rows[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    // Done: nothing is sent again.
    expect(await run()).toBe(0);
  });

  it("carries a sale's buyer: another programme's member, so that programme credits its own points", async () => {
    await setUp(t.token.tenant1);
    const before = receiver.received.length;
    const sold = await sale(A, { externalMember: { programme: '万象城会员', id: 'MX-0042' } });
    await run();
    const body = JSON.parse(receiver.received.slice(before).find((r) => JSON.parse(r.body).type === 'sale')!.body);
    expect(body.data).toMatchObject({
      number: sold.orderNumber,
      externalMember: { programme: '万象城会员', id: 'MX-0042' },
    });
    expect(body.data.memberId).toBeUndefined();
  });

  it('retries after a 500 and a time-out with growing waits, then delivers once', async () => {
    receiver.answers.push({ status: 500, body: 'down for maintenance' }, 'hang');
    const before = receiver.received.length;
    await fault(A);
    await run();
    let [row] = await log(t.token.tenant1);
    expect(row).toMatchObject({
      type: 'fault',
      state: 'pending',
      attempts: 1,
      statusCode: 500,
      answer: 'down for maintenance',
      error: 'HTTP 500',
    });
    expect(Date.parse(row!.nextAt!)).toBeGreaterThan(Date.now() - 1000);
    await sleep(80);
    await run();
    [row] = await log(t.token.tenant1);
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 2,
      statusCode: null,
      error: expect.stringContaining('no answer within 400 ms'),
    });
    await sleep(250);
    await run();
    [row] = await log(t.token.tenant1);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, statusCode: 200 });
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(3);
    // One message, one id: the receiver de-duplicates by it.
    expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThan(sent[1]!.at - sent[0]!.at);
  });

  it('does not follow a redirect, even to itself; gives up a day after the event', async () => {
    receiver.answers.push({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    await fault(A);
    await run();
    const [row] = await log(t.token.tenant1);
    expect(row).toMatchObject({ state: 'pending', statusCode: 302, error: 'HTTP 302' });
    expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false);
    // A day later it fails for good.
    await t.db
      .update(callbackDeliveries)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(callbackDeliveries.id, row!.id));
    await t.db.update(jobs).set({ createdAt: new Date(Date.now() - 25 * 3600_000), runAt: new Date() });
    receiver.answers.push({ status: 503 });
    await run();
    expect((await log(t.token.tenant1))[0]).toMatchObject({ id: row!.id, state: 'failed', attempts: 2, nextAt: null });
  });

  it("checks the address again at each delivery: a loopback URL saved under the tests' switch is refused once it is off", async () => {
    await fault(A);
    delete process.env.CALLBACK_ALLOW_PRIVATE;
    const before = receiver.received.length;
    await run();
    expect(receiver.received.length).toBe(before);
    expect((await log(t.token.tenant1))[0]).toMatchObject({
      state: 'pending',
      error: expect.stringContaining('address refused'),
    });
  });

  it("one tenant's dead endpoint does not hold another's deliveries", async () => {
    const b = await startReceiver();
    try {
      receiver.otherwise = () => 'hang';
      // Each tried once here: the retries' waits are not what is measured.
      process.env.CALLBACK_RETRY_BASE_MS = '60000';
      await setUp(t.token.tenant2, { eventUrl: `${b.url}/b`, events: ['fault'] });
      for (let i = 0; i < 6; i++) await fault(A);
      await fault(B);
      const started = Date.now();
      await Promise.all([
        run(4),
        (async () => {
          while (!b.received.length && Date.now() - started < 5000) await sleep(10);
        })(),
      ]);
      // B's one delivery went out while A's six were still waiting on their time-outs (two at a time).
      expect(b.received).toHaveLength(1);
      expect(b.received[0]!.at - started).toBeLessThan(400);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 400);
    } finally {
      process.env.CALLBACK_RETRY_BASE_MS = '50';
      await b.close();
    }
  });

  it("lists only the caller's tenant's deliveries, by state and event", async () => {
    const mine = await log(t.token.tenant1);
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await log(t.token.tenant2);
    expect(theirs.every((r) => !mine.some((m) => m.id === r.id))).toBe(true);
    const failed = await t.ok(
      'callback.deliveries',
      { query: { pageNum: 1, pageSize: 50 }, body: { state: 'failed' } },
      t.token.tenant1,
    );
    expect(failed.list.every((r) => r.state === 'failed')).toBe(true);
    const sales = await t.ok(
      'callback.deliveries',
      { query: { pageNum: 1, pageSize: 50 }, body: { type: 'sale' } },
      t.token.tenant1,
    );
    expect(sales.list.length).toBeGreaterThan(0);
    expect(sales.list.every((r) => r.type === 'sale')).toBe(true);
  });
});

describe('callback.test', () => {
  it('queues a test event to the event URL; 1415 without one', async () => {
    const item = await t.ok('callback.test', { body: {} }, t.token.tenant1);
    expect(item).toMatchObject({ type: 'test', state: 'pending', attempts: 0 });
    await run();
    expect((await log(t.token.tenant1)).find((r) => r.id === item.id)).toMatchObject({ state: 'delivered' });
    expect(await t.code('callback.test', { body: {} }, t.token.tenant11)).toBe(CODE.callbackNotSet);
  });
});

describe('callback.resend', () => {
  it("sends a delivery again with the same webhook-id; another tenant's is not found (1418)", async () => {
    const [done] = (await log(t.token.tenant1)).filter((r) => r.state === 'delivered');
    const before = receiver.received.length;
    const again = await t.ok('callback.resend', { params: { id: done!.id } }, t.token.tenant1);
    expect(again).toMatchObject({ id: done!.id, state: 'pending' });
    await run();
    expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([done!.messageId]);
    expect((await log(t.token.tenant1)).find((r) => r.id === done!.id)).toMatchObject({
      state: 'delivered',
      attempts: done!.attempts + 1,
    });
    expect(await t.code('callback.resend', { params: { id: done!.id } }, t.token.tenant2)).toBe(CODE.deliveryNotFound);
  });
});

describe('callback.rotateSecret', () => {
  it('signs with the new and the previous secret for the overlap, then with the new alone; the key ring rotation reseals them', async () => {
    const first = await t.ok('callback.rotateSecret', { body: {} }, t.token.tenant1);
    const second = await t.ok('callback.rotateSecret', { body: {} }, t.token.tenant1);
    expect(second.settings.secret.previousUntil).not.toBeNull();
    const before = receiver.received.length;
    await t.ok('callback.test', { body: {} }, t.token.tenant1);
    await run();
    const [got] = receiver.received.slice(before);
    for (const secret of [first.secret, second.secret])
      expect(() => new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).not.toThrow();
    // The overlap over: the previous secret no longer verifies.
    await t.db
      .update(callbackSettings)
      .set({ previousUntil: new Date(Date.now() - 1000) })
      .where(eq(callbackSettings.tenantId, t.ids.tenant('A')));
    await t.ok('callback.test', { body: {} }, t.token.tenant1);
    await run();
    const last = receiver.received.at(-1)!;
    expect(() => new Webhook(first.secret).verify(last.body, last.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(second.secret).verify(last.body, last.headers as Record<string, string>)).not.toThrow();

    const old = secretKeys()!;
    const next = parseKeys(Buffer.alloc(32, 7).toString('base64'))[0]!;
    configureSecrets([next, ...old]);
    expect(await rotateCallbackKeys(t.db, [next, ...old])).toBeGreaterThan(0);
    configureSecrets([next]);
    await t.ok('callback.test', { body: {} }, t.token.tenant1);
    await run();
    expect(() =>
      new Webhook(second.secret).verify(
        receiver.received.at(-1)!.body,
        receiver.received.at(-1)!.headers as Record<string, string>,
      ),
    ).not.toThrow();
  });
});

describe('callback.info', () => {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const other = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const ask = (serial = A) =>
    t.call('callback.info', { body: { question: 'member', value: 'M0001' } }, undefined, {
      authorization: deviceBasic(serial),
    });
  const signed = (body: string, key = pair.privateKey) => ({
    status: 200,
    body,
    headers: {
      'content-type': 'application/json',
      'x-vend-signature': sign('sha256', Buffer.from(body), key).toString('base64'),
    },
  });

  it("answers what the tenant's system signed; refuses a bad signature (1417), a time-out (1416) and a tenant without an info URL (1415)", async () => {
    expect((await ask()).body.code).toBe(CODE.callbackNotSet);
    await setUp(t.token.tenant1, { infoUrl: `${receiver.url}/info`, publicKey: pair.publicKey });
    const answer = JSON.stringify({ member: { name: '张三', level: 'gold' } });
    receiver.answers.push(signed(answer));
    const res = await ask();
    expect(res.body).toMatchObject({ code: 200, content: { answer: { member: { name: '张三', level: 'gold' } } } });
    const asked = JSON.parse(receiver.received.at(-1)!.body);
    expect(asked).toMatchObject({ type: 'info', question: 'member', value: 'M0001', device: { serial: A } });

    receiver.answers.push(signed(answer, other.privateKey));
    expect((await ask()).body.code).toBe(CODE.infoSignatureInvalid);
    receiver.answers.push({ status: 200, body: answer });
    expect((await ask()).body.code).toBe(CODE.infoSignatureInvalid);
    receiver.answers.push('hang');
    const started = Date.now();
    const slow = await ask();
    expect(slow.body.code).toBe(CODE.infoRequestFailed);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await ask(B)).body.code).toBe(CODE.callbackNotSet);
  });
});

describe('delivery rows', () => {
  it('keep the body as first signed, never a secret', async () => {
    const rows = await t.db
      .select()
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.tenantId, t.ids.tenant('A'))));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => !r.body.includes('whsec_'))).toBe(true);
  });
});
