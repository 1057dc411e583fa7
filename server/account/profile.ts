/**
 * The account page (spec §2 /person, §3 session user, §5 "a new phone must
 * differ from the old"): one's own name, contact, avatar and entity type.
 * The avatar is an image uploaded through the file domain (checked by its
 * content as every upload is) and held by the caller's scope.
 */
import { eq } from 'drizzle-orm';
import type { Profile } from '../../shared/account/index.js';
import type { ApiInput } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import { ROLE_NAME } from '../../shared/roles.js';
import type { Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { unheldFiles } from '../file/index.js';
import type { AuthUser } from './principal.js';
import { users } from './schema.js';
import { roleEntriesOf } from './user-info.js';

/** The entity type is a business's: a tenant's or an enterprise customer's account. */
const hasEntity = (user: AuthUser) => user.kind === 'tenant' || user.kind === 'enterprise';

export async function profileOf(db: Queryable, user: AuthUser): Promise<Profile> {
  const [row] = await db
    .select({
      name: users.name,
      username: users.username,
      contact: users.contact,
      avatar: users.avatar,
      entityType: users.entityType,
    })
    .from(users)
    .where(eq(users.id, user.id));
  return { ...row!, roleName: roleEntriesOf(user)[0]?.name ?? ROLE_NAME.member, hasEntity: hasEntity(user) };
}

export async function updateProfile(
  db: Queryable,
  scope: Scope,
  user: AuthUser,
  body: ApiInput<'account.updateProfile'>['body'],
): Promise<Profile> {
  const [current] = await db.select({ contact: users.contact }).from(users).where(eq(users.id, user.id));
  if (body.contact !== undefined && body.contact === current?.contact)
    throw new RequestValidationError({ contact: 'account.validation.samePhone' });
  if (body.entityType !== undefined && !hasEntity(user))
    throw new RequestValidationError({ entityType: 'account.validation.entityType' });
  if (body.avatar && (await unheldFiles(db, scope, [body.avatar])).length) throw new BizError(CODE.fileNotFound);
  const set = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.contact !== undefined ? { contact: body.contact } : {}),
    ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
    ...(body.entityType !== undefined ? { entityType: body.entityType } : {}),
  };
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, user.id));
  return profileOf(db, user);
}
