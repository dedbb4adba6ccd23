import { readFileSync } from 'node:fs'
import { minimumPasswordLength } from '#api/contract/staff/fields'
import { projectFile } from '../project-root'

/**
 * The rules of a staff password (docs/decisions/068, after NIST SP 800-63B): at least 12
 * characters, and none that is common, all of one character, or the person's e-mail. The
 * common ones are common-passwords.txt (its first lines name the source): the 10,000 most common
 * of 12 characters or more, compared without regard to case.
 */
let common: ReadonlySet<string> | undefined

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(projectFile('server/auth/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
  return common
}

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase())

/** Why the password may not be used, in words for the person; null when it may. */
export function passwordProblem(password: string, email: string): string | null {
  if ([...password].length < minimumPasswordLength)
    return `Your new password must be at least ${minimumPasswordLength} characters.`
  const lower = password.toLowerCase()
  if (isCommonPassword(password))
    return 'Your new password is one of the most common passwords: choose another.'
  if (new Set(lower).size === 1) return 'Your new password must not be one character repeated.'
  const local = email.toLowerCase().split('@')[0] ?? ''
  if (lower.includes(email.toLowerCase()) || (local.length >= 4 && lower.includes(local)))
    return 'Your new password must not contain your e-mail address.'
  return null
}
