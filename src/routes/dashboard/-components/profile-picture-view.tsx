import { useSelector } from '@xstate/react'
import { type ChangeEvent, useEffect, useState } from 'react'
import { pictureTypes } from '#machines/settings-forms'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import { useSubmitFocusingFirstError } from '../../-components/submit-focusing-first-error'
import * as styles from './settings.css'
import type { SettingsFormActor } from './settings-form-actor'

/** The chosen file as a local address for the preview, released when it changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

/**
 * Changing the profile picture (`updatepic`): choose a file, see it, save it. A file of another
 * type or over 5 MB is refused with its reason before anything is sent; the server still judges
 * the bytes and redraws the picture (docs/decisions/029).
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
  const { formRef, submit } = useSubmitFocusingFirstError(() =>
    actor.send({ type: 'SUBMIT', entry: { profilePic: file } }),
  )
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.currentTarget.files?.[0] ?? null)
  }
  return (
    <form ref={formRef} className={styles.picture} onSubmit={submit} noValidate>
      {preview ? (
        <img src={preview} alt={`Preview of ${file?.name ?? ''}`} className={styles.preview} />
      ) : null}
      <div className={styles.pictureFields}>
        <TextField
          type="file"
          name="profilePic"
          label="New profile picture"
          hint="PNG, JPEG, GIF or WebP, at most 5 MB."
          accept={pictureTypes.join(',')}
          error={error}
          disabled={busy}
          onChange={choose}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" busy={busy} busyLabel="Uploading…">
            Save picture
          </Button>
        </div>
      </div>
    </form>
  )
}
