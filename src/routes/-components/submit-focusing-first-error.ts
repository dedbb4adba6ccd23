import { type FormEvent, useEffect, useRef } from 'react'

/**
 * A form's submit handler that calls `onSubmit` with the form (the machine's SUBMIT) and then,
 * after the render that shows the machine's verdict, moves the focus to the first field marked
 * invalid, if any. Give `formRef` to the form.
 */
export function useSubmitFocusingFirstError(onSubmit: (form: HTMLFormElement) => void) {
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirstError = useRef(false)

  useEffect(() => {
    if (!focusFirstError.current) return
    focusFirstError.current = false
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus()
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    focusFirstError.current = true
    onSubmit(event.currentTarget)
  }

  return { formRef, submit }
}
