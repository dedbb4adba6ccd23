import type { TextareaHTMLAttributes } from 'react'
import * as fieldStyles from '#ui/field.css'
import { FieldFrame, useFieldIds } from '#ui/field-frame'
import { textArea } from './text-area-field.css'

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  hint?: string
}

/** A labelled textarea with an optional hint, styled as the portal's inputs. */
export function TextAreaField({ label, hint, className, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, null)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={null} className={className}>
      <textarea
        {...rest}
        id={ids.id}
        className={`${fieldStyles.input} ${textArea}`}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  )
}
