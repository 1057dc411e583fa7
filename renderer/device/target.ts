/** What a push's form names as its target — devices, a point, a scene — as the API takes it (pure; the rollout and price-change wizards'). */
import type { PushTarget } from '../../shared/device/index.js';

export interface TargetValues {
  target: PushTarget;
  deviceIds: number[];
  /** A chosen point's or scene's id as its choice holds it ('' for none). */
  pointId: string;
  sceneId: string;
}

export const targetOf = (v: TargetValues) =>
  v.target === 'devices'
    ? { target: v.target, deviceIds: v.deviceIds }
    : v.target === 'point'
      ? { target: v.target, pointId: Number(v.pointId) }
      : { target: v.target, sceneId: Number(v.sceneId) };

/** Whether the target names anything yet (no read before it does). */
export const targetNamed = (v: TargetValues) =>
  v.target === 'devices' ? v.deviceIds.length > 0 : v.target === 'point' ? v.pointId !== '' : v.sceneId !== '';
