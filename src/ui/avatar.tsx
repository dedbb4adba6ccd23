import { useState } from 'react'
import * as styles from './avatar.css'

/** Where a profile picture loads from: absolute URLs as given, file names under /uploads. */
export function pictureUrl(picture: string | null | undefined): string | null {
  const text = picture?.trim()
  if (!text) return null
  if (/^(https?:)?\/\//.test(text) || text.startsWith('/') || text.startsWith('data:')) return text
  return `/uploads/${text}`
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase() || '?'
}

export interface AvatarProps {
  name: string
  picture?: string | null
  size?: number
}

/** A round profile picture, or the customer's initials when there is none (or it fails). */
export function Avatar({ name, picture, size = 40 }: AvatarProps) {
  const src = pictureUrl(picture)
  const [failed, setFailed] = useState<string | null>(null)
  const box = { width: size, height: size, fontSize: Math.round(size * 0.38) }
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className={styles.avatar}
        style={box}
        onError={() => setFailed(src)}
      />
    )
  }
  return (
    <span aria-hidden="true" className={styles.avatar} style={box}>
      {initialsOf(name)}
    </span>
  )
}
