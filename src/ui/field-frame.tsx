import { type ReactNode, useId } from 'react'
import { inPageLanguage } from '#i18n/server-words'
import * as styles from './field.css'

/**
 * The ids that tie a form control to its label, hint and error: `describedBy` (the hint's and
 * the error's ids, those shown) goes on the control's or group's `aria-describedby`, `invalid`
 * on its `aria-invalid`.
 */
export interface FieldIds {
  id: string
  hintId: string | undefined
  errorId: string | undefined
  describedBy: string | undefined
  invalid: true | undefined
}

export function useFieldIds(hint: string | undefined, error: string | null | undefined): FieldIds {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return { id, hintId, errorId, describedBy, invalid: error ? true : undefined }
}

export interface FieldMessagesProps {
  ids: FieldIds
  hint: string | undefined
  error: string | null | undefined
  /** The hint's and the error's classes (the field's own by default). */
  classes?: { hint: string; error: string }
}

/** The hint and the error under a control, each only when there is one. */
export function FieldMessages({ ids, hint, error, classes = styles }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={classes.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={classes.error}>
          {inPageLanguage(error)}
        </p>
      ) : null}
    </>
  )
}

export interface FieldFrameProps {
  ids: FieldIds
  label: string
  hint: string | undefined
  error: string | null | undefined
  className: string | undefined
  /** The control, with `id`, `aria-invalid` and `aria-describedby` from `ids`. */
  children: ReactNode
}

/** A labelled control with its hint and error under it (TextField, SelectField). */
export function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
      </label>
      {children}
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  )
}
