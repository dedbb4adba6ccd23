/**
 * Cells of a CSV file (RFC 4180): a value with a comma, a quote or a line break is quoted, its
 * quotes doubled. Text someone could choose (a name, a payee, an audit entry's arguments) is
 * kept from being read as a spreadsheet formula (OWASP "CSV injection"): a leading = + - @ tab
 * or CR gets a quote mark before it.
 */
export const csvQuoted = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value

export const csvText = (value: string | null) =>
  csvQuoted(/^[=+\-@\t\r]/.test(value ?? '') ? `'${value}` : (value ?? ''))

/** One line of cells, ended as RFC 4180 ends them. */
export const csvLine = (cells: readonly string[]) => `${cells.join(',')}\r\n`

/** What a CSV file starts with: a byte order mark, so spreadsheet programs read UTF-8 right. */
export const csvByteOrderMark = '\uFEFF'
