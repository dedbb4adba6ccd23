import type { Database } from '../db/database'
import type { StaffActor } from '../domain/staff'

/** Who runs a command (`--as`, docs/decisions/068), and what the staff tasks need besides. */
export interface OpsContext {
  actor: StaffActor
  /** The portal's public address, for links in e-mails (an enrolment link). */
  publicUrl: string
}

export interface OpsCommand {
  usage: string
  summary: string
  /** Changes nothing: not written to the audit log. */
  readOnly?: boolean
  /**
   * Returns the text to print; throws an Error whose message is shown to the operator. `context`
   * names the acting person; commands that are staff tasks need it, the others may ignore it.
   */
  run(db: Database, args: string[], now: Date, context?: OpsContext): Promise<string>
}

/** Rows as tab-separated lines, or (none). */
export const table = (rows: Record<string, unknown>[]) =>
  rows.length === 0
    ? '(none)'
    : rows
        .map((row) =>
          Object.values(row)
            .map((value) => (value instanceof Date ? value.toISOString() : String(value)))
            .join('\t'),
        )
        .join('\n')

/** The e-mail argument, normalised as the portal stores it; an error when it is missing. */
export function emailArgument(value: string | undefined): string {
  const email = value?.trim().toLowerCase()
  if (!email?.includes('@')) throw new Error('Give the customer’s e-mail address.')
  return email
}
