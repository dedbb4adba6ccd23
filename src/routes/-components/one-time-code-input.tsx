import { t } from '@lingui/core/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react'
import {
  isCellMasked,
  type OneTimeCodeMode,
  oneTimeCodeMachine,
} from '#machines/one-time-code.machine'
import { FieldMessages, useFieldIds } from '#ui/field-frame'
import * as styles from './one-time-code-input.css'

export interface OneTimeCodeInputProps {
  /** The group's visible label, e.g. "Verification code". */
  label: string
  /** Number of cells (6 by default). Read once, when the input mounts. */
  length?: number
  /** 'numeric' (default): digits only; 'alphanumeric': letters and digits, upper-cased. */
  mode?: OneTimeCodeMode
  /** Every change of the code, complete or not. */
  onChange?: (code: string) => void
  /** The code, each time every cell is filled. */
  onComplete?: (code: string) => void
  /** Hides each character this long after it is entered; no masking when unset. */
  maskDelayMs?: number
  disabled?: boolean
  autoFocus?: boolean
  hint?: string
  /** Shown under the cells and announced with them; marks them invalid. */
  error?: string | null
}

/**
 * The one-time-code input (spec section 5), driven by the one-time-code machine: one cell per
 * character, paste or autofill of a whole code into any cell, Backspace in an empty cell moves
 * back, arrow keys move. The first cell carries `autocomplete="one-time-code"` and, like every
 * cell, accepts a full-length value at once (password managers, SMS/e-mail code autofill),
 * which the machine spreads over the cells. Clear it by remounting (a new `key`).
 */
export function OneTimeCodeInput({
  label,
  length,
  mode = 'numeric',
  onChange,
  onComplete,
  maskDelayMs,
  disabled = false,
  autoFocus = false,
  hint,
  error,
}: OneTimeCodeInputProps) {
  const actorRef = useActorRef(oneTimeCodeMachine, { input: { length, mode } })
  const snapshot = useSelector(actorRef, (state) => state)
  const { cells, focused } = snapshot.context
  const inputs = useRef<Array<HTMLInputElement | null>>([])
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const callbacks = useRef({ onChange, onComplete })
  callbacks.current = { onChange, onComplete }
  const ids = useFieldIds(hint, error)

  useEffect(() => {
    const subscription = actorRef.on('codeChanged', ({ code, complete }) => {
      callbacks.current.onChange?.(code)
      if (complete) callbacks.current.onComplete?.(code)
    })
    return () => subscription.unsubscribe()
  }, [actorRef])

  useEffect(() => {
    actorRef.send({ type: 'SET_MASK_DELAY', ms: maskDelayMs ?? null })
  }, [actorRef, maskDelayMs])

  useEffect(() => {
    if (autoFocus) inputs.current[0]?.focus()
  }, [autoFocus])

  // The machine says which cell holds the focus; move it there while the group has it.
  useLayoutEffect(() => {
    const target = inputs.current[focused]
    const active = document.activeElement
    if (!target || active === target || !groupRef.current?.contains(active)) return
    target.focus()
    target.select()
  }, [focused])

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault()
      actorRef.send({ type: 'FOCUS', index: to })
    }
    if (event.key === 'Backspace') {
      event.preventDefault()
      actorRef.send({ type: 'BACKSPACE', index })
    } else if (event.key === 'ArrowLeft') move(index - 1)
    else if (event.key === 'ArrowRight') move(index + 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(cells.length - 1)
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    actorRef.send({ type: 'PASTE', text: event.clipboardData.getData('text') })
  }

  const count = cells.length
  /** Each cell's name for screen readers: "Digit 1 of 6". */
  const cellLabel = (index: number) => {
    const position = index + 1
    return mode === 'numeric'
      ? t`Digit ${position} of ${count}`
      : t`Character ${position} of ${count}`
  }

  return (
    <fieldset
      ref={groupRef}
      className={styles.group}
      aria-describedby={ids.describedBy}
      disabled={disabled}
    >
      <legend className={styles.label}>{label}</legend>
      <div className={styles.cells}>
        {cells.map((cell, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions, never reordered
            key={index}
            ref={(element) => {
              inputs.current[index] = element
            }}
            id={`${ids.id}-${index}`}
            className={[styles.cell, cell === '' ? '' : styles.filled].filter(Boolean).join(' ')}
            type={isCellMasked(snapshot, index) ? 'password' : 'text'}
            inputMode={mode === 'numeric' ? 'numeric' : 'text'}
            pattern={mode === 'numeric' ? '[0-9]*' : undefined}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoCapitalize={mode === 'numeric' ? 'off' : 'characters'}
            autoCorrect="off"
            spellCheck={false}
            aria-label={cellLabel(index)}
            aria-invalid={ids.invalid}
            value={cell}
            // `input`, not React's onChange: onChange skips a keystroke that leaves the value
            // as it was (a 1 typed over a selected 1), so the focus would not move on and the
            // next digit would land in the same cell.
            onInput={(event) =>
              actorRef.send({ type: 'TYPE', index, value: event.currentTarget.value })
            }
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste}
            onFocus={(event) => {
              event.target.select()
              actorRef.send({ type: 'FOCUS', index })
            }}
          />
        ))}
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} classes={styles} />
    </fieldset>
  )
}
