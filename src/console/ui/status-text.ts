/** A status as the server names it ('in_progress', 'pending') in words: "In progress". */
export function statusText(status: string): string {
  const words = status.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
