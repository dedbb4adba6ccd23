import type { CheckedUpload } from './uploads'

/**
 * Profile pictures are never stored as sent: the checked image is decoded and drawn again as a
 * fixed 512 x 512 WebP, so nothing but pixels survives (no metadata, no trailing bytes of a
 * polyglot, no second frame). Decoding stops at 25 megapixels, so a small file that claims
 * enormous dimensions (a pixel flood) is refused before it is expanded.
 * See docs/decisions/029-profile-and-picture.md.
 */
export const pictureSize = 512
export const maxInputPixels = 25_000_000

/**
 * sharp (libvips) is loaded with the first picture, not with the server: it is tens of MB
 * resident, and most of a server's life re-encodes no picture (docs/decisions/084).
 */
let sharpLoaded: Promise<typeof import('sharp').default> | undefined
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

export class UnreadablePicture extends Error {}

export async function reencodeProfilePicture(checked: CheckedUpload): Promise<CheckedUpload> {
  const sharp = await loadSharp()
  try {
    const bytes = await sharp(checked.bytes, {
      limitInputPixels: maxInputPixels,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .resize(pictureSize, pictureSize, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
    return {
      purpose: 'profile_picture',
      bytes: new Uint8Array(bytes),
      mimeType: 'image/webp',
      extension: 'webp',
    }
  } catch (error) {
    throw new UnreadablePicture(
      error instanceof Error && /pixel limit/i.test(error.message)
        ? `The picture is too large: at most ${maxInputPixels / 1_000_000} megapixels.`
        : 'The picture could not be read as an image.',
    )
  }
}
