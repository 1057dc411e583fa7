/** The point dialog's form: the shared `pointForm`, plus the tenant where the user chooses it. */
import { z } from 'zod';
import { pointForm } from '../../shared/point/index.js';
import { isLeaf, regionCode } from '../../shared/regions.js';
import { loadRegions, type TenantChoice } from '../kit/index.js';

export interface PointDialogValues {
  name: string;
  /** The district's code; '' before one is chosen (the picker gives nothing until then). */
  areaCode: string;
  address: string;
  tenantId?: number | undefined;
}

const tenantId = z.number({ error: 'validation.required' }).int().positive();

/**
 * The area must be a division without subdivisions in the data the picker
 * shows (the server checks the same): a slip is told here, never by a refusal.
 * Without the data (its load failed) the server's check is the one left.
 */
const areaCode = regionCode.refine(
  (code) =>
    loadRegions().then(
      (tree) => isLeaf(tree, code),
      () => true,
    ),
  { message: 'validation.region' },
);
const dialogForm = pointForm.extend({ areaCode });

export function pointDialogSchema(choice: TenantChoice): z.ZodType<PointDialogValues, PointDialogValues> {
  if (choice === 'required') return dialogForm.extend({ tenantId });
  if (choice === 'optional') return dialogForm.extend({ tenantId: tenantId.optional() });
  return dialogForm;
}
