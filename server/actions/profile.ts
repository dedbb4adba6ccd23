import { eq } from 'drizzle-orm'
import { calls } from '#api/contract'
import { fieldRefusal } from '#api/contract/labels'
import { isAdultOn, minimumAge } from '#api/contract/profile-fields'
import { users } from '../db/schema'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError } from '../rpc/protocol-error'
import { reencodeProfilePicture, UnreadablePicture } from '../storage/profile-picture'
import { pictureUrl, RejectedUpload, withStagedUploads } from '../storage/uploads'

/**
 * Profile: the editable form (`updateprofile`, the shapes checked by the contract, the age here
 * against the server's clock) and the picture (`updatepic`). See
 * docs/decisions/029-profile-and-picture.md.
 */
export const profileSaved = 'Your profile has been updated.'
export const pictureSaved = 'Your profile picture has been updated.'
const oldestBirthYear = 1900

const orNull = (value: string) => (value === '' ? null : value)

export const updateprofile: Handler<'updateprofile'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const today = deps.now().toISOString().slice(0, 10)
  if (
    input.dob !== '' &&
    (!isAdultOn(input.dob, today) || Number(input.dob.slice(0, 4)) < oldestBirthYear)
  )
    throw new ProtocolError(
      400,
      fieldRefusal(
        calls.updateprofile,
        'dob',
        `must be in the past, at least ${minimumAge} years ago`,
      ),
    )
  await deps.db
    .update(users)
    .set({
      fullname: input.fullname,
      phone: orNull(input.phone),
      gender: orNull(input.gender),
      dob: orNull(input.dob),
      country: orNull(input.country),
      maritalStatus: orNull(input.marital_status),
      homeAddress: orNull(input.home_address),
      nextOfKin: orNull(input.next_of_kin),
    })
    .where(eq(users.id, userId))
  return { status: true, message: profileSaved }
}

export const updatepic: Handler<'updatepic'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  let picture: Awaited<ReturnType<typeof reencodeProfilePicture>>
  try {
    picture = await reencodeProfilePicture(
      await deps.uploads.check(input.profilePic, 'profile_picture'),
    )
  } catch (error) {
    if (error instanceof RejectedUpload || error instanceof UnreadablePicture)
      return { status: false, message: error.message }
    throw error
  }
  const now = deps.now()
  const saved = await withStagedUploads(deps, [picture], { userId, now }, async ([staged]) => {
    const replaced = await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ fileId: users.pictureFileId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      await deps.uploads.claim(tx, [staged.id])
      await tx.update(users).set({ pictureFileId: staged.id }).where(eq(users.id, userId))
      if (before?.fileId) await deps.uploads.release(tx, [before.fileId], now)
      return before?.fileId ?? null
    })
    // The old picture was released with the commit; its file and row follow.
    if (replaced) await deps.uploads.unstage(deps.db, [replaced]).catch(() => {})
    return staged
  })
  return {
    status: true,
    message: pictureSaved,
    picture: pictureUrl(saved.storedName) ?? undefined,
  }
}
