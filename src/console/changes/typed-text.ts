import { formatMoney, parseAmount } from '#api/money'

/** A submitted form's fields as typed, trimmed ('' for a field it does not have). */
export function typedText(form: HTMLFormElement) {
  const fields = new FormData(form)
  return (name: string) => String(fields.get(name) ?? '').trim()
}

/**
 * A typed amount as a change's dialog repeats it: as money when it reads as an amount, as typed
 * when not (the server then says what is wrong with it).
 */
export function typedAmount(typed: string, symbol?: string) {
  const minor = parseAmount(typed)
  return minor === null ? typed : formatMoney(minor, symbol)
}
