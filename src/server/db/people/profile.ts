import type { Db } from '../open'

/** The user's record version. */
export async function userVersion(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('version').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.version
}

/** The user's name and presence. */
export const nameAndPresenceOf = (db: Db, userId: string) => db.selectFrom('users').select(['name', 'presence']).where('id', '=', userId).executeTakeFirstOrThrow()

/** Sets the user's name and presence, counting a new version. */
export async function updateNameAndPresence(db: Db, userId: string, fields: { name: string; presence: string }, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ name: fields.name, presence: fields.presence, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute()
}

/** The user's address and password hash. */
export const credentialsOf = (db: Db, userId: string) => db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow()

/** Keeps the user's uploaded photo, replacing one before, and points their picture at it; counts a new version. */
export async function saveAvatar(db: Db, userId: string, photo: { contentType: string; bytes: Uint8Array; avatar: string }, at: string): Promise<void> {
  const { contentType, bytes, avatar } = photo
  await db
    .insertInto('avatars')
    .values({ user_id: userId, content_type: contentType, bytes, updated_at: at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ content_type: contentType, bytes, updated_at: at }))
    .execute()
  await db
    .updateTable('users')
    .set((eb) => ({ avatar, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute()
}

/** Deletes the user's uploaded photo and clears their picture; false when there was neither. */
export async function removeAvatar(db: Db, userId: string, at: string): Promise<boolean> {
  const removed = await db.deleteFrom('avatars').where('user_id', '=', userId).executeTakeFirst()
  // A provider's photo is only an address: removing it clears the address.
  const cleared = await db
    .updateTable('users')
    .set((eb) => ({ avatar: '', updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .where('avatar', '!=', '')
    .executeTakeFirst()
  return cleared.numUpdatedRows !== 0n || removed.numDeletedRows !== 0n
}

/** The user's uploaded photo. */
export const avatarOf = (db: Db, userId: string) => db.selectFrom('avatars').select(['content_type', 'bytes']).where('user_id', '=', userId).executeTakeFirst()
