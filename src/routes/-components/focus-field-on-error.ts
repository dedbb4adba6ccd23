import { useEffect, useRef } from 'react'

/**
 * A ref for a form whose field takes the focus back whenever a new message for it shows, so
 * the message is read with the field (PIN creation, the transfer PIN and code).
 */
export function useFocusFieldOnError(error: string | null) {
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (error) formRef.current?.querySelector('input')?.focus()
  }, [error])
  return formRef
}
