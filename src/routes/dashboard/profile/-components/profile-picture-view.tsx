import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { pictureTypes } from '#machines/settings-forms'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { UploadBox } from '#ui/upload-box'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'

/** Whether the browser can draw the file as a picture: one of the types the bank takes. */
const isPictureType = (file: File) => (pictureTypes as readonly string[]).includes(file.type)

/**
 * The chosen picture as a local address for the preview, released when it changes; null for
 * no file or a file that is not a picture (a text file, a PDF), which would draw as a broken
 * image.
 */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || !isPictureType(file)) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

/**
 * Changing the profile picture (`updatepic`): choose a file in the app's upload box, see it,
 * save it. Only a picture the browser can draw is previewed: another type shows no preview, and
 * a picture whose bytes do not decode drops its preview instead of a broken image. A file of
 * another type or over 5 MB is refused with its reason before anything is sent; the server
 * still judges the bytes and redraws the picture (docs/decisions/029).
 */
export function ProfilePictureView({ actor }: { actor: SettingsFormActor }) {
  const savedCount = useSelector(actor, (snapshot) => snapshot.context.savedCount)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  return (
    <div className={styles.form}>
      <PictureForm key={savedCount} actor={actor} />
      <NoticeAlert notice={notice} />
    </div>
  )
}

function PictureForm({ actor }: { actor: SettingsFormActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const error = useSelector(actor, (snapshot) => snapshot.context.fieldErrors.profilePic)
  const [file, setFile] = useState<File | null>(null)
  const preview = usePreview(file)
  const fileName = file?.name ?? ''
  // A preview whose bytes the browser could not decode (a .png that is not one).
  const [undrawable, setUndrawable] = useState<string | null>(null)
  const { formRef, submit } = useSubmitFocusingFirstError(() =>
    actor.send({ type: 'SUBMIT', entry: { profilePic: file } }),
  )
  return (
    <form ref={formRef} className={styles.picture} onSubmit={submit} noValidate>
      {preview && preview !== undrawable ? (
        <img
          src={preview}
          alt={t`Preview of ${fileName}`}
          className={styles.preview}
          onError={() => setUndrawable(preview)}
        />
      ) : null}
      <div className={styles.pictureFields}>
        <UploadBox
          label={t`New profile picture`}
          name="profilePic"
          kind="photo"
          accept={pictureTypes.join(',')}
          error={error}
          disabled={busy}
          onFileChange={setFile}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" busy={busy} busyLabel={t`Uploading…`}>
            <Trans>Save picture</Trans>
          </Button>
        </div>
      </div>
    </form>
  )
}
