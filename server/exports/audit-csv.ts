import type { AuditRow } from '../domain/audit-entries'
import { csvByteOrderMark, csvLine, csvQuoted, csvText } from './csv-cells'

/**
 * The audit log as CSV (docs/decisions/075): one line per entry, newest first, every column the
 * console shows and the chain's place and hash, so a copy kept elsewhere can be compared with the
 * log later.
 */
export const auditCsvHeader = [
  'id',
  'at',
  'person',
  'operator',
  'staff_id',
  'action',
  'outcome',
  'customer_id',
  'customer_email',
  'subject',
  'args',
  'detail',
  'chain_position',
  'hash',
] as const

export function auditCsvLine({ entry, staffName, customerEmail }: AuditRow): string {
  return csvLine([
    String(entry.id),
    entry.at.toISOString(),
    csvText(staffName ?? 'the terminal'),
    csvText(entry.operator),
    entry.staffId === null ? '' : String(entry.staffId),
    csvText(entry.command),
    entry.outcome,
    entry.customerId === null ? '' : String(entry.customerId),
    csvText(customerEmail),
    entry.subjectKind === null ? '' : `${entry.subjectKind} ${entry.subjectId}`,
    csvText(JSON.stringify(entry.args)),
    csvText(entry.detail),
    entry.chainPosition === null ? '' : String(entry.chainPosition),
    csvQuoted(entry.hash ?? ''),
  ])
}

/** The file as chunks of one batch each, read from the database as it is sent. */
export async function* auditCsv(batches: AsyncIterable<AuditRow[]>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  yield encoder.encode(`${csvByteOrderMark}${csvLine(auditCsvHeader)}`)
  for await (const rows of batches) yield encoder.encode(rows.map(auditCsvLine).join(''))
}
