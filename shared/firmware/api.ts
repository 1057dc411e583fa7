/**
 * Firmware packages (spec §8 families 1701–1714, 1801–1829; §9 at most 100
 * packages): the modules each device model is built of, the packages the
 * system admin uploads for them, and the versions each device reports.
 * Packages are the platform's: only the admin uploads, releases, withdraws
 * and deletes; tenants and members with 2-1 read what has been released.
 */
import { z } from 'zod';
import { endpoint, id, idParam, idParams, isoTime, page, pageQuery, str, text } from '../api/define.js';
import { MODULE_KINDS } from '../device/index.js';
import { FIRMWARE_LIMITS, PACKAGE_STATES, sha256, version } from './rules.js';

const admin = { auth: 'user', roles: ['admin'] } as const;
/** What the device list's code opens (spec §2 2-1): the packages a rollout may push. */
const reader = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const firmwareModel = z.object({
  id: z.number().int(),
  name: z.string(),
  modules: z.array(z.enum(MODULE_KINDS)),
  /** Whether its board takes a price sent from the console (the price domain's compatibility list). */
  remotePrice: z.boolean(),
  /** Packages of the model (the caller's view: a tenant's counts only released and withdrawn ones). */
  packages: z.number().int(),
});
export type FirmwareModel = z.infer<typeof firmwareModel>;

export const packageItem = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  modelName: z.string(),
  module: z.enum(MODULE_KINDS),
  version: z.string(),
  /** The lowest version it upgrades from (null: any). */
  fromVersion: z.string().nullable(),
  state: z.enum(PACKAGE_STATES),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: isoTime,
  releasedAt: isoTime.nullable(),
});
export type PackageItem = z.infer<typeof packageItem>;

export const packageDetail = packageItem.extend({
  notesZh: z.string(),
  notesEn: z.string(),
  withdrawnAt: isoTime.nullable(),
  createdBy: z.string().nullable(),
  /** Devices of the model the caller sees, and how many of them run this version of the module now. */
  devices: z.number().int(),
  running: z.number().int(),
});
export type PackageDetail = z.infer<typeof packageDetail>;

const notes = str().trim().max(FIRMWARE_LIMITS.notes, { message: 'validation.maxLength' });

/** What a package says of itself; the file comes from a finished upload. */
export const packageInput = z
  .object({
    modelId: id,
    module: z.enum(MODULE_KINDS),
    version,
    fromVersion: version.nullable(),
    notesZh: notes,
    notesEn: notes,
    uploadId: id,
  })
  .meta({
    examples: [
      {
        modelId: 1,
        module: 'mainBoard',
        version: '2.4.0',
        fromVersion: '2.0.0',
        notesZh: '修复出货电机偶发卡顿',
        notesEn: 'Fixes an occasional motor stall',
        uploadId: 1,
      },
    ],
  });
export type PackageInput = z.input<typeof packageInput>;

export const packageFilter = z.object({
  modelId: id.optional(),
  module: z.enum(MODULE_KINDS).optional(),
  state: z.enum(PACKAGE_STATES).optional(),
  keyword: str().trim().max(40).optional(),
});
export type PackageFilter = z.infer<typeof packageFilter>;

/** The longest base64 text of one part (4 characters per 3 bytes, padded). */
const PART_BASE64_MAX = Math.ceil(FIRMWARE_LIMITS.partBytes / 3) * 4;

export const firmwareApi = {
  'firmware.models': endpoint({
    method: 'GET',
    path: '/firmware/models',
    summary: 'The device models with the modules each is built of and how many packages each has.',
    content: z.array(firmwareModel),
    access: reader,
  }),
  'firmware.setModules': endpoint({
    method: 'PUT',
    path: '/firmware/models/:id/modules',
    summary:
      "A device model's build: its modules (1801 no such model; 1803 removing a module that has packages) and whether its board takes a remote price (unchanged when not given). The system admin's.",
    params: idParams,
    body: z.object({
      modules: z.array(z.enum(MODULE_KINDS)).max(MODULE_KINDS.length),
      remotePrice: z.boolean().optional(),
    }),
    content: firmwareModel,
    access: admin,
  }),
  'firmware.page': endpoint({
    method: 'POST',
    path: '/firmware/packages/page',
    summary:
      "Packages by model, module, state and a keyword (version or file name), newest first; tenants and members see released and withdrawn ones, the admin's drafts too.",
    query: pageQuery,
    body: packageFilter,
    content: page(packageItem),
    access: reader,
  }),
  'firmware.info': endpoint({
    method: 'GET',
    path: '/firmware/packages/:id',
    summary: 'One package with its release notes and how many of the devices the caller sees run it (1701).',
    params: idParams,
    content: packageDetail,
    access: reader,
  }),
  'firmware.uploadStart': endpoint({
    method: 'POST',
    path: '/firmware/uploads',
    summary:
      "Begins a package file's upload of `size` bytes (1705 empty, 1706 over 64 MB): answers the upload's id and the part size its parts travel in. With `package`, the package it is for is checked first, as `firmware.create` will check it (1801, 1704, 1703, 1702, a lowest version not below the version), so a refusal comes before a byte is sent.",
    body: z.object({
      name: text(FIRMWARE_LIMITS.fileName),
      size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      package: packageInput.pick({ modelId: true, module: true, version: true, fromVersion: true }).optional(),
    }),
    content: z.object({ uploadId: z.number().int(), partBytes: z.number().int(), parts: z.number().int() }),
    access: admin,
  }),
  'firmware.uploadPart': endpoint({
    method: 'PUT',
    path: '/firmware/uploads/:id/parts/:part',
    summary:
      'One part of an upload, with the SHA-256 of its bytes (1707 no such upload; 1712 the bytes do not match it; 1713 a part number or size that does not fit the file). Sending a part again replaces it: a broken upload resumes at the parts it lacks.',
    params: z.object({ id: idParam, part: z.coerce.number().int().min(0).max(1000) }),
    body: z.object({
      data: z
        .string()
        .max(PART_BASE64_MAX, { message: 'validation.invalid' })
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'validation.invalid' }),
      sha256,
    }),
    content: z.object({ received: z.number().int(), parts: z.number().int() }),
    access: admin,
    bodyLimit: PART_BASE64_MAX + 4096,
    timeoutMs: 60_000,
  }),
  'firmware.create': endpoint({
    method: 'POST',
    path: '/firmware/packages',
    summary:
      "A draft package from a finished upload: the file is kept under the SHA-256 computed from its bytes (1801 no such model, 1704 not a module of it, 1703 the version exists for the module, 1702 the model's 100 packages, 1707/1708 the upload).",
    body: packageInput,
    content: packageDetail,
    access: admin,
    timeoutMs: 120_000,
    contended: "a model never holds more than 100 packages, nor two of one module's version",
  }),
  'firmware.update': endpoint({
    method: 'PUT',
    path: '/firmware/packages/:id',
    summary: 'Release notes, at any time; the lowest version it upgrades from, only while a draft (1710).',
    params: idParams,
    body: z.object({ notesZh: notes, notesEn: notes, fromVersion: version.nullable() }),
    content: packageDetail,
    access: admin,
  }),
  'firmware.release': endpoint({
    method: 'POST',
    path: '/firmware/packages/:id/release',
    summary: 'A draft is released: rollouts may push it (1710 released already, 1709 withdrawn).',
    params: idParams,
    content: packageDetail,
    access: admin,
    contended: 'a package is released once',
  }),
  'firmware.withdraw': endpoint({
    method: 'POST',
    path: '/firmware/packages/:id/withdraw',
    summary: 'A released package is withdrawn: no new rollout pushes it (1711 still a draft, 1709 withdrawn already).',
    params: idParams,
    content: packageDetail,
    access: admin,
    contended: 'a package is withdrawn once',
  }),
  'firmware.delete': endpoint({
    method: 'DELETE',
    path: '/firmware/packages/:id',
    summary: 'A draft is deleted with its file (1710 once released: a pushed package stays on record).',
    params: idParams,
    content: z.object({ deleted: z.boolean() }),
    access: admin,
  }),
} as const;
