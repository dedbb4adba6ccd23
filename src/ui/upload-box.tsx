import { t } from '@lingui/core/macro'
import { type ChangeEvent, useId, useState } from 'react'
import { Icon } from './icon'
import * as styles from './upload-box.css'

export type UploadKind = 'file' | 'photo'

/**
 * What the server accepts for each kind, judged by the bytes (server/storage/uploads.ts): the
 * rules the forms check a chosen file with (`uploadKinds` in src/api/upload-rules.ts), written
 * out here so that the box, on every page's first load, does not carry them
 * (test/ui/upload-box.test.tsx holds the two together). Not the spec's 'SVG, PNG, JPG or GIF
 * (max. 800x400px)': an SVG is refused and no size in pixels is required, so that hint would
 * promise what the bank does not take.
 */
export const uploadHints: Readonly<Record<UploadKind, string>> = {
  get file() {
    return t`PNG, JPEG, GIF, WebP or PDF, at most 5 MB`
  },
  get photo() {
    return t`PNG, JPEG, GIF or WebP, at most 5 MB`
  },
}

/**
 * The box's label before and after a file is chosen (spec: 'File Uploaded', 'Photo Uploaded'),
 * and when the chosen file is refused (its error says why): never a tick beside a refusal.
 */
export function uploadLabels(kind: UploadKind): { empty: string; chosen: string; refused: string } {
  return kind === 'photo'
    ? { empty: t`Choose a photo`, chosen: t`Photo Uploaded`, refused: t`Choose another photo` }
    : { empty: t`Choose a file`, chosen: t`File Uploaded`, refused: t`Choose another file` }
}

export interface UploadBoxProps {
  /** What the file is, e.g. "Front of your document". */
  label: string
  /** The form field name the file is sent under. */
  name: string
  kind?: UploadKind
  error?: string | null
  disabled?: boolean
  required?: boolean
  /** The file input's `accept`: what the file picker offers first (no check here). */
  accept?: string
  onFileChange?: (file: File | null) => void
}

/**
 * An upload box: a real file input (hidden from sight, focusable, opened with the keyboard or a
 * click anywhere on the box) with its label, the hint, and once a file is chosen the label
 * 'File Uploaded' or 'Photo Uploaded' and the file's name. No type or size check here.
 */
export function UploadBox({
  label,
  name,
  kind = 'file',
  error,
  disabled,
  required,
  accept,
  onFileChange,
}: UploadBoxProps) {
  const id = useId()
  const [fileName, setFileName] = useState<string | null>(null)
  // The error shown when the file was chosen is about what came before (no file yet): only an
  // error that arrives once a file is chosen refuses that file.
  const [errorWhenChosen, setErrorWhenChosen] = useState<string | null | undefined>(null)
  const refused = fileName !== null && Boolean(error) && error !== errorWhenChosen
  const accepted = fileName !== null && !refused
  const labels = uploadLabels(kind)
  const status = refused ? labels.refused : accepted ? labels.chosen : labels.empty

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null
    setFileName(file ? file.name : null)
    setErrorWhenChosen(error)
    onFileChange?.(file)
  }

  const describedBy = [`${id}-name`, `${id}-hint`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')

  return (
    <div className={styles.field}>
      <span id={`${id}-title`} className={styles.title}>
        {label}
      </span>
      <input
        id={id}
        type="file"
        name={name}
        className={styles.input}
        disabled={disabled}
        required={required}
        accept={accept}
        aria-labelledby={`${id}-title ${id}-status`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={change}
      />
      <label
        htmlFor={id}
        className={styles.box}
        data-filled={accepted}
        data-invalid={error ? true : undefined}
      >
        <span className={styles.icon} aria-hidden="true">
          <Icon name={accepted ? 'check' : 'upload'} />
        </span>
        <span className={styles.text}>
          <span id={`${id}-status`} className={styles.status}>
            {status}
          </span>
          <span id={`${id}-name`} className={styles.fileName}>
            {fileName ?? ''}
          </span>
          <span id={`${id}-hint`} className={styles.hint}>
            {uploadHints[kind]}
          </span>
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
