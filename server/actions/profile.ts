import { calls } from '#api/contract'
import { fieldRefusal } from '#api/contract/labels'
import { minimumAge } from '#api/contract/profile-fields'
import { replacePicture, updateProfile as saveProfile } from '../domain/profile'
import { keepLanguage as keepCustomersLanguage } from '../domain/users'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError } from '../rpc/protocol-error'
import { pictureUrl } from '../storage/uploads'

/**
 * Profile: the editable form (`updateprofile`, the shapes checked by the contract, the age by
 * the domain against the server's clock) and the picture (`updatepic`). See
 * docs/decisions/029-profile-and-picture.md.
 */
export const profileSaved = 'Your profile has been updated.'
export const pictureSaved = 'Your profile picture has been updated.'

export const updateProfile: Handler<'updateProfile'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  if ((await saveProfile(deps.db, userId, input, deps.now())) === 'birth date refused')
    throw new ProtocolError(
      400,
      fieldRefusal(
        calls.updateProfile,
        'dateOfBirth',
        `must be in the past, at least ${minimumAge} years ago`,
      ),
    )
  return { status: true, message: profileSaved }
}

export const updatePicture: Handler<'updatePicture'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const replaced = await replacePicture(deps, userId, input.profilePic)
  if (!replaced.saved) return { status: false, message: replaced.reason }
  return {
    status: true,
    message: pictureSaved,
    picture: pictureUrl(replaced.storedName) ?? undefined,
  }
}

/** Settings' language switch: the e-mails follow it from now on, not only from the next sign-in. */
export const keepLanguage: Handler<'keepLanguage'> = async ({ deps, session, language }) => {
  const { userId } = requireSession(session)
  await keepCustomersLanguage(deps.db, userId, language)
  return { language }
}
