/**
 * Hands a downloaded file to the browser under `filename`, as a link with `download` would. The
 * object URL is released a minute later: revoking it at once can cancel the save in some
 * browsers.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
