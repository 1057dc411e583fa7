/**
 * Scene linkage (spec §2 /sceneadmin and its detail page, §3 Scene and menu
 * node, §4 normal/disabled, §5 scene rules, §8 3501–3525): several devices of
 * one tenant act as one purchase scene, and the scene's menu tree says what a
 * customer chooses and which devices serve each choice.
 *
 * The menu travels flat, parents before their children (`parentKey` names an
 * earlier node's `key`), in display order: a tree that cannot loop, checked
 * node by node, and one schema without recursion.
 */
import { z } from 'zod';
import { endpoint, id, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { fileId } from '../file/index.js';

export const SCENE_STATES = ['normal', 'disabled'] as const;
/** Spec §3 menu node: type required or optional; device match single or multiple; failure handling. */
export const NODE_TYPES = ['required', 'optional'] as const;
export const NODE_MATCHES = ['single', 'multiple'] as const;
/** What happens when a node's device fails to deliver: refund the whole order, refund this choice, or carry on without it. */
export const FAILURE_HANDLINGS = ['refundAll', 'refundNode', 'skip'] as const;

export const SCENE_LIMITS = {
  name: 30,
  description: 200,
  notes: 200,
  nodeName: 20,
  devices: 50,
  nodes: 100,
  depth: 3,
} as const;

/** Spec §5: renaming to nothing says "content cannot be empty". */
const required = (max: number) =>
  str().trim().min(1, { message: 'scene.validation.empty' }).max(max, { message: 'validation.maxLength' });

export const sceneForm = z.object({
  name: required(SCENE_LIMITS.name),
  description: str().trim().max(SCENE_LIMITS.description, { message: 'validation.maxLength' }).default(''),
  notes: required(SCENE_LIMITS.notes),
  /** At least one (3502, the rule's own code); each once (3503). */
  deviceIds: z.array(ref('device')).max(SCENE_LIMITS.devices),
});
export type SceneForm = z.input<typeof sceneForm>;

export const sceneCreateForm = sceneForm.extend({
  /** The system admin names the tenant; a first-level tenant may; others create in their own. */
  tenantId: ref('tenant').optional(),
});

export const menuNodeInput = z.object({
  key: z.string().trim().min(1).max(36),
  parentKey: z.string().trim().min(1).max(36).nullable(),
  name: required(SCENE_LIMITS.nodeName),
  /** Spec §5: the menu image is required (an uploaded image, as products' are). */
  image: fileId
    .nullable()
    .refine((v) => v !== null, { message: 'scene.validation.image' })
    .meta({ examples: ['0'.repeat(64)] }),
  type: z.enum(NODE_TYPES),
  match: z.enum(NODE_MATCHES),
  failure: z.enum(FAILURE_HANDLINGS),
  /** The scene's devices serving this choice: one for `single`, one or more for `multiple`. */
  deviceIds: z.array(ref('device')).max(SCENE_LIMITS.devices),
});
export type MenuNodeInput = z.input<typeof menuNodeInput>;

export const menuNode = z.object({
  key: z.string(),
  parentKey: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  type: z.enum(NODE_TYPES),
  match: z.enum(NODE_MATCHES),
  failure: z.enum(FAILURE_HANDLINGS),
  deviceIds: z.array(z.number().int()),
});
export type MenuNode = z.infer<typeof menuNode>;

export const sceneItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  notes: z.string(),
  status: z.enum(SCENE_STATES),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
  nodeCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type SceneItem = z.infer<typeof sceneItem>;

export const sceneDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  online: z.boolean(),
  type: z.string(),
});

export const sceneDetail = sceneItem.extend({
  devices: z.array(sceneDevice),
  menu: z.array(menuNode),
});
export type SceneDetail = z.infer<typeof sceneDetail>;

export const sceneFilter = z.object({
  keyword: str().trim().max(SCENE_LIMITS.name).optional(),
  status: z.enum(SCENE_STATES).optional(),
  tenantId: ref('tenant').optional(),
});

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-9' } as const;
const params = refParams('scene');

export const sceneApi = {
  'scene.page': endpoint({
    method: 'POST',
    path: '/scene/page',
    summary: 'Scenes visible to the caller, newest first, by name, status and tenant, with their device counts.',
    query: pageQuery,
    body: sceneFilter,
    content: page(sceneItem),
    access,
  }),
  'scene.deviceOptions': endpoint({
    method: 'POST',
    reads: true,
    path: '/scene/devices',
    summary:
      "The devices a scene of the tenant may bind (the caller's own tenant unless named; 1401 out of scope), by name or serial, with the scene each serves now.",
    body: z.object({ tenantId: ref('tenant').optional(), keyword: str().trim().max(40).optional() }),
    content: z.array(sceneDevice.extend({ sceneId: z.number().int().nullable(), sceneName: z.string().nullable() })),
    access,
  }),
  'scene.info': endpoint({
    method: 'GET',
    path: '/scene/info/:id',
    summary: 'A scene with its devices and menu (3501 when it is not in scope).',
    params,
    content: sceneDetail,
    access,
  }),
  'scene.create': endpoint({
    method: 'POST',
    path: '/scene',
    summary:
      "A scene of one tenant's devices: it must bind devices (3502), each once (3503), none in another scene (3509), all the tenant's (1201).",
    body: sceneCreateForm,
    content: sceneDetail,
    access,
    contended: 'a device serves one scene of its tenant at most',
  }),
  'scene.update': endpoint({
    method: 'PUT',
    path: '/scene/:id',
    summary:
      'Rename a scene, change its notes and devices (the same rules as creating it); its menu keeps only nodes whose devices stay.',
    params,
    body: sceneForm,
    content: sceneDetail,
    access,
  }),
  'scene.menuSave': endpoint({
    method: 'PUT',
    path: '/scene/:id/menu',
    summary:
      "Replace a scene's menu tree: at most 3 levels and 100 nodes, parents first; each node named, with an image and its devices (one for single match); only the scene's devices (3507), every one of them somewhere in the menu (3504).",
    params,
    body: z.object({
      nodes: z.array(menuNodeInput).min(1, { message: 'scene.validation.menuEmpty' }).max(SCENE_LIMITS.nodes),
    }),
    content: sceneDetail,
    access,
  }),
  'scene.disable': endpoint({
    method: 'PUT',
    path: '/scene/:id/disable',
    summary: 'Disable a scene ("deactivated successfully"); a disabled one: 3505.',
    params,
    content: sceneItem,
    access,
  }),
  'scene.enable': endpoint({
    method: 'PUT',
    path: '/scene/:id/enable',
    summary: 'Put a disabled scene back in service; one already in service: 3506.',
    params,
    content: sceneItem,
    access,
  }),
  'scene.delete': endpoint({
    method: 'DELETE',
    path: '/scene/:id',
    summary: 'Delete a scene, its devices free for another.',
    params,
    content: z.object({ id }),
    access,
  }),
} as const;
