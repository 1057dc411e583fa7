/**
 * A tenant's closes (its own, or the one named), read again every two
 * seconds while one is under way: a close is a job, and when it ends the
 * statements shown (`stale`) are read again.
 */
import { useEffect, useRef } from 'react';
import type { Op } from '../../shared/ipc.js';
import { useOp } from '../bridge.js';
import { useScreen } from '../kit/index.js';

export function useCloses(tenantId: number | undefined, stale: Op, enabled = true) {
  const { client } = useScreen();
  const closes = useOp(
    'share.closes',
    { body: tenantId === undefined ? {} : { tenantId } },
    { enabled, refetchInterval: (q) => (q.state.data?.some((c) => c.state === 'queued') ? 2_000 : false) },
  );
  const running = closes.data?.some((c) => c.state === 'queued') ?? false;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: [stale] });
    wasRunning.current = running;
  }, [running, client, stale]);
  return closes;
}
