/**
 * What an upload may be, for the forms and the server alike (issue 21, item 5): the forms check
 * a chosen file with these before sending it, and the server builds its lists from them
 * (server/storage/uploads.ts, which judges the bytes). Apart from the forms' field rules
 * (./contract/field-rules.ts) and out of the contract's chunk, so that neither a signed-out
 * page's first load nor the dashboard's carries them; the forms that use them load the contract
 * anyway, for their call, and the largest size is the contract's. The upload box's hint says the
 * same (src/ui/upload-box.tsx; test/ui/upload-box.test.tsx holds the two together).
 */

import { maxUploadBytes } from './contract/fields'

export { maxUploadBytes }

const pictureTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/**
 * What each kind of upload may be, as the server judges it by the bytes
 * (server/storage/uploads.ts builds its lists from these): a photo is a picture, a file (a
 * document, a proof of payment) a picture or a PDF. `names` is how the forms say it.
 */
export const uploadKinds = {
  photo: { types: pictureTypes, names: 'PNG, JPEG, GIF or WebP' },
  file: {
    types: [...pictureTypes, 'application/pdf'] as const,
    names: 'PNG, JPEG, GIF, WebP or PDF',
  },
} as const

export type UploadKind = keyof typeof uploadKinds

/** What a form says of a file it will not send (the spec's tone: 'Insufficient balance'). */
export const uploadMessages = {
  tooLarge: `File too large: at most ${maxUploadBytes / 1024 / 1024} MB`,
  empty: 'File is empty: choose another',
  wrongType: (kind: UploadKind) => `Wrong file type: ${uploadKinds[kind].names} only`,
} as const

/**
 * Why the form will not send `file` as an upload of `kind`, or null: its size, then its type
 * as the browser tells it (from the name; the server still judges the bytes).
 */
export function uploadProblem(file: File, kind: UploadKind): string | null {
  if (file.size === 0) return uploadMessages.empty
  if (file.size > maxUploadBytes) return uploadMessages.tooLarge
  if (!(uploadKinds[kind].types as readonly string[]).includes(file.type))
    return uploadMessages.wrongType(kind)
  return null
}
