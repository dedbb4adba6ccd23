import { useEffect } from 'react'
import { brand } from './brand'

/** Sets the tab title to "{title} · {bank name}" (or the bank name alone). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${brand.bankName}` : brand.bankName
  }, [title])
}
