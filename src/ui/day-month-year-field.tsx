import { t } from '@lingui/core/macro'
import { TextField, type TextFieldProps } from './text-field'

export type DayMonthYearFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'>

/**
 * A date typed as dd/mm/yyyy, the format every date of the portal is shown in (decision 065),
 * instead of `<input type="date">`, which draws the browser's locale format (mm/dd/yyyy in an
 * American browser). The form reads it with `parseDayMonthYear` and sends YYYY-MM-DD.
 */
export function DayMonthYearField(props: DayMonthYearFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="text"
      maxLength={10}
      spellCheck={false}
      hint={t`dd/mm/yyyy, e.g. 07/03/1990`}
      {...props}
    />
  )
}
