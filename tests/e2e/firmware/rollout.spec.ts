/**
 * A rollout end to end: the admin releases a package for the VM-S600 main
 * board (through the bridge: its upload is packages.spec's), tenant1 pushes
 * it to the People's Square point — the wizard counts the machine that can
 * take it and names the one that cannot (another model) — and watches the
 * progress page follow the machine, played here through the device-facing
 * API, to done without a reload.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { DEMO_POINTS } from '../../../server/point/index.js';
import { bridgeCall, openAs, signOut, test, upstreamUrl } from '../support.js';

const en = catalogues.en.firmware;
const SERIAL = 'VM2026000105';
const upstream = upstreamUrl();
const machine = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };

async function beat(request: APIRequestContext) {
  const res = await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { update: { jobId: number } | null } }).content.update;
}
const step = async (request: APIRequestContext, jobId: number, data: object) =>
  expect(
    (await request.post(`${upstream}/device-api/v1/firmware/jobs/${jobId}`, { headers: machine, data })).status(),
  ).toBe(200);

test("tenant1 pushes a package to a point's machines and watches them finish live", async ({
  page,
  baseURL,
  request,
}) => {
  // The machine beats throughout, as a live one does (the suite calls a machine offline after 4 s of silence).
  let beating = true;
  const heart = (async () => {
    while (beating) {
      await beat(request);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  try {
    await openAs(page, baseURL, 'admin', '/deviceList/firmware');
    const version = `9.${Date.now()}.0`;
    const bytes = randomBytes(300_000);
    const models = (await bridgeCall(page.request, 'firmware.models', undefined)).content as {
      id: number;
      name: string;
    }[];
    const started = (
      await bridgeCall(page.request, 'firmware.uploadStart', { body: { name: 'e2e.bin', size: bytes.length } })
    ).content as { uploadId: number };
    const part = { data: bytes.toString('base64'), sha256: createHash('sha256').update(bytes).digest('hex') };
    expect(
      (await bridgeCall(page.request, 'firmware.uploadPart', { params: { id: started.uploadId, part: 0 }, body: part }))
        .ok,
    ).toBe(true);
    const made = await bridgeCall(page.request, 'firmware.create', {
      body: {
        modelId: models.find((m) => m.name === 'VM-S600')!.id,
        module: 'mainBoard',
        version,
        fromVersion: null,
        notesZh: '端到端测试',
        notesEn: 'End-to-end test',
        uploadId: started.uploadId,
      },
    });
    const id = (made.content as { id: number }).id;
    expect((await bridgeCall(page.request, 'firmware.release', { params: { id } })).ok).toBe(true);
    await signOut(page);

    await openAs(page, baseURL, 'tenant1', `/deviceList/firmware/package?id=${id}`);
    await expect(page.getByTestId('firmware-package-state')).toHaveText(en.states.released);
    await page.getByTestId('firmware-push').click();
    await page.getByRole('radio', { name: catalogues.en.device.push.targets.point }).check();
    await page.getByTestId('firmware-rollout-pointId').click();
    await page.getByRole('option', { name: DEMO_POINTS.find((p) => p.key === 'peoplesSquare')!.name }).click();
    const eligibility = page.getByTestId('firmware-rollout-eligibility');
    await expect(eligibility).toContainText('Devices that can take it: 1 of 2');
    await expect(eligibility.getByTestId('firmware-rollout-eligibility-left')).toContainText(
      en.rollout.reasons.otherModel,
    );
    await page.getByTestId('firmware-rollout-firstStage').fill('100');
    await page.getByTestId('firmware-rollout-submit').click();

    await expect(page.getByTestId('firmware-rollout-title')).toContainText(version);
    await expect(page.getByTestId('firmware-rollout-state')).toHaveText(en.rollout.states.running);
    // The upstream offers the update within a tick or two; the machine takes it step by step.
    let offer: { jobId: number } | null = null;
    await expect(async () => {
      offer = await beat(request);
      expect(offer).not.toBeNull();
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('firmware-job-state')).toHaveText(en.rollout.jobStates.offered);
    await step(request, offer!.jobId, { state: 'downloading', progress: 50 });
    await expect(page.getByTestId('firmware-job-state')).toHaveText(en.rollout.jobStates.downloading);
    await step(request, offer!.jobId, { state: 'installing' });
    await step(request, offer!.jobId, { state: 'done' });
    await expect(page.getByTestId('firmware-job-state')).toHaveText(en.rollout.jobStates.done);
    await expect(page.getByTestId('firmware-rollout-state')).toHaveText(en.rollout.states.done, { timeout: 15_000 });
    await expect(page.getByTestId('firmware-rollout-done')).toHaveText('1');
  } finally {
    beating = false;
    await heart;
  }
});
