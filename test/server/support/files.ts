/** Upload fixtures: the smallest valid PNG (1x1, transparent), a PDF, an SVG with a script. */
export const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)
export const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
export const svg = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
)
/** A Windows executable's first bytes (the "MZ" header). */
export const exe = Uint8Array.from([
  0x4d,
  0x5a,
  0x90,
  0x00,
  0x03,
  0x00,
  0x00,
  0x00,
  0x04,
  ...new Array(120).fill(0),
])

/** A File of these bytes under any name, with the media type a browser would declare. */
export const fileOf = (bytes: Uint8Array, name = 'proof.png', type = '') =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type })
