/**
 * Firmware (spec §8 families 1701–1714 and 1801–1829, §9 "firmware packages
 * at most 100"): what a package is made of and the limits every side checks.
 */
import { z } from 'zod';
import { str } from '../api/define.js';

/** A package is uploaded as a draft, released to be pushed, withdrawn when it must not be pushed any more. */
export const PACKAGE_STATES = ['draft', 'released', 'withdrawn'] as const;
export type PackageState = (typeof PACKAGE_STATES)[number];

export const FIRMWARE_LIMITS = {
  /** Spec §9: at most 100 packages (per device model). */
  packagesPerModel: 100,
  /** A package's file: a main board's image is tens of MB. */
  fileMaxBytes: 64 * 1024 * 1024,
  /** An upload travels in parts of this size (the last one shorter): a progress bar, and no part held whole twice. */
  partBytes: 1024 * 1024,
  notes: 2000,
  fileName: 255,
  /** An upload not finished within this is forgotten. */
  uploadHours: 24,
} as const;

/** The parts a file of `size` bytes travels in. */
export const partsOf = (size: number) => Math.max(1, Math.ceil(size / FIRMWARE_LIMITS.partBytes));

/**
 * A semantic version (semver.org 2.0.0's own regular expression, without
 * build metadata, which does not order). The shape only: ordering is the
 * upstream's, with the `semver` library. Written here rather than importing
 * the library because the API table, which every bundle reads, holds it.
 */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?$/;

export const version = str()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(40, { message: 'validation.maxLength' })
  .regex(SEMVER, { message: 'firmware.validation.version' });

/** A SHA-256, lower-case hex. */
export const sha256 = z
  .string()
  .length(64, { message: 'validation.invalid' })
  .regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });
