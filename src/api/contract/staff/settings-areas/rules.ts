import * as v from 'valibot'
import { formatMoney, parseAmount } from '../../../money'
import { amount, plainString } from '../../fields'

/**
 * The field rules the settings editor and the server share (docs/decisions/078). A form sends
 * what was typed (text, and yes or no for a tick box); each rule checks it and gives what the
 * bank keeps: an amount in minor units, a percent in basis points, an empty text as null.
 */

const notText = 'must be text'

/** Text of at most `max` characters that must be given. */
export const requiredLine = (max: number) =>
  v.pipe(
    plainString(notText),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  )

/** Text of at most `max` characters, or nothing (kept as null). */
export const optionalLine = (max: number) =>
  v.pipe(
    plainString(notText),
    v.trim(),
    v.maxLength(max, `must be at most ${max} characters`),
    v.transform((text) => (text === '' ? null : text)),
  )

/** An amount as typed ("1000" or "1000.00"), at most the largest amount: kept in minor units. */
export const amountInMinorUnits = v.pipe(
  plainString(notText),
  amount,
  v.transform((text) => parseAmount(text) as number),
)

/**
 * Nothing (kept as null), or what `rule` takes, refused in `rule`'s own words. (A union would
 * lose them: a rule that transforms after its check, as most do, fails as "no such type".)
 */
export const emptyOr = <T>(rule: v.GenericSchema<string, T>) =>
  v.pipe(
    plainString(notText),
    v.trim(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return null
      const checked = v.safeParse(rule, dataset.value)
      if (checked.success) return checked.output
      addIssue({ message: checked.issues[0].message })
      return NEVER
    }),
  )

/** An amount above 0, or nothing (kept as null). */
export const optionalPositiveAmount = emptyOr(
  v.pipe(amountInMinorUnits, v.minValue(1, 'must be above 0')),
)

const percentMessage = 'must be a percent from 0 to below 100, with at most 2 decimals'

/** A percent from 0 to below 100 with at most two decimals ("7.5"): kept in basis points (750). */
export const percentInBasisPoints = v.pipe(
  plainString(notText),
  v.trim(),
  v.regex(/^\d{1,2}(\.\d{1,2})?$/, percentMessage),
  v.transform((text) => Math.round(Number(text) * 100)),
)

/** A whole number from `min` to `max`, as typed: kept as the number. */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    plainString(notText),
    v.trim(),
    v.regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  )

export const yesOrNo = v.boolean('must be yes or no')

/** The most rows a list of settings takes. */
export const maximumRows = 100

/**
 * A list of settings rows, none named twice (`nameOf`, compared without case): the second of
 * two with one name is refused as listed twice.
 */
export const rowList = <const S extends v.GenericSchema>(
  row: S,
  nameOf: (row: v.InferOutput<S>) => string,
) =>
  v.pipe(
    v.array(row, 'must be a list'),
    v.maxLength(maximumRows, `must have at most ${maximumRows} rows`),
    v.checkItems(
      (item, index, rows) =>
        rows.findIndex((other) => nameOf(other).toLowerCase() === nameOf(item).toLowerCase()) ===
        index,
      'is listed twice',
    ),
  )

/** The settings as text, for the differences and the history. */
export const said = {
  money: (minor: number) => formatMoney(minor),
  percent: (basisPoints: number) => `${basisPoints / 100} %`,
  yesNo: (value: boolean) => (value ? 'yes' : 'no'),
  orNotSet: (text: string | null) => text ?? 'not set',
}

/** A percent in basis points as the form shows it: 750 is "7.5". */
export const percentText = (basisPoints: number) => String(basisPoints / 100)
