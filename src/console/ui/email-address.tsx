import { Fragment } from 'react'
import * as styles from './email-address.css'

/**
 * The places an address may break at, in the order a reader splits it: after "@", before a
 * dot, after a hyphen, underscore or plus.
 */
const pieces = (address: string) => address.split(/(?<=[@_+-])|(?=\.)/)

/**
 * An e-mail address that breaks only where a reader would split it (after "@", before a dot,
 * after a hyphen), and mid-word only when one piece alone is wider than its place.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={[styles.address, className].filter(Boolean).join(' ')}>
      {pieces(address).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  )
}
