import { eq } from 'drizzle-orm'
import { isAdultOn } from '#api/contract/profile-fields'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { reencodeProfilePicture, UnreadablePicture } from '../storage/profile-picture'
import { RejectedUpload } from '../storage/uploads'
import { loadCustomer } from '../views/customer'
import { pendingEmailChange } from './email-change'

/**
 * The customer's profile: the editable details (the age checked against the server's clock) and
 * the picture. See docs/decisions/029-profile-and-picture.md.
 */
const oldestBirthYear = 1900

/** The profile as Settings shows it: the customer, and an e-mail change waiting for its code. */
export async function profileOf(db: Queryable, userId: number, now: Date) {
  const [customer, pendingEmail] = await Promise.all([
    loadCustomer(db, userId),
    pendingEmailChange(db, userId, now),
  ])
  return { customer, pendingEmail }
}

/** The profile form's fields, as the contract checked them; an empty optional one clears it. */
export interface ProfileDetails {
  fullname: string
  phone: string
  gender: string
  dateOfBirth: string
  country: string
  maritalStatus: string
  homeAddress: string
  nextOfKin: string
}

const orNull = (value: string) => (value === '' ? null : value)

/** Saves the details; refused (nothing written) for a birth date that is not an adult's. */
export async function updateProfile(
  db: Queryable,
  userId: number,
  details: ProfileDetails,
  now: Date,
): Promise<'saved' | 'birth date refused'> {
  const today = now.toISOString().slice(0, 10)
  if (
    details.dateOfBirth !== '' &&
    (!isAdultOn(details.dateOfBirth, today) ||
      Number(details.dateOfBirth.slice(0, 4)) < oldestBirthYear)
  )
    return 'birth date refused'
  await db
    .update(users)
    .set({
      fullname: details.fullname,
      phone: orNull(details.phone),
      gender: orNull(details.gender),
      dob: orNull(details.dateOfBirth),
      country: orNull(details.country),
      maritalStatus: orNull(details.maritalStatus),
      homeAddress: orNull(details.homeAddress),
      nextOfKin: orNull(details.nextOfKin),
    })
    .where(eq(users.id, userId))
  return 'saved'
}

/**
 * Replaces the picture: the file is checked by its bytes and drawn again (never kept as sent),
 * and kept in the transaction that sets it under the user's row lock, which also drops the old
 * picture. Refused with the reason the file was not taken.
 */
export async function replacePicture(
  deps: Pick<AppDeps, 'db' | 'uploads' | 'now'>,
  userId: number,
  file: File,
): Promise<{ saved: true; storedName: string } | { saved: false; reason: string }> {
  let picture: Awaited<ReturnType<typeof reencodeProfilePicture>>
  try {
    picture = await reencodeProfilePicture(await deps.uploads.check(file, 'profile_picture'))
  } catch (error) {
    if (error instanceof RejectedUpload || error instanceof UnreadablePicture)
      return { saved: false, reason: error.message }
    throw error
  }
  const now = deps.now()
  const saved = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileId: users.pictureFileId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    const kept = await deps.uploads.keep(tx, picture, userId, now)
    await tx.update(users).set({ pictureFileId: kept.id }).where(eq(users.id, userId))
    if (before?.fileId) await deps.uploads.discard(tx, [before.fileId])
    return kept
  })
  return { saved: true, storedName: saved.storedName }
}
