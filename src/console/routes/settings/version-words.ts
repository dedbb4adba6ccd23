import type { StaffCallResponse } from '#api/contract/staff'

export type AreaPage = StaffCallResponse<'settingsarea'>
export type SettingsVersionRow = AreaPage['versions'][number]

/** "Version 3", or a proposal's name while it has no number. */
export const versionName = (row: SettingsVersionRow) =>
  row.version !== null
    ? `Version ${row.version}`
    : row.status === 'proposed'
      ? 'Proposed change'
      : 'Dropped proposal'

const droppedWords: Record<string, string> = {
  rejected: 'Rejected',
  expired: 'Expired',
  refused_stale: 'Refused: another version came first',
}

/** Where a version stands: in use, earlier, waiting, or why it was dropped. */
export function versionStatus(row: SettingsVersionRow, current: number) {
  if (row.status === 'applied') return row.version === current ? 'In use' : 'Earlier'
  if (row.status === 'proposed') return 'Waiting for a second person'
  return droppedWords[row.approval?.status ?? ''] ?? 'Dropped'
}

/** What a version's origin says: who proposed it, or that the portal recorded it. */
interface VersionOrigin {
  version: number | null
  source: SettingsVersionRow['source']
  proposed_by: { name: string } | null
  approved_by: { name: string } | null
}

/**
 * A version the portal recorded itself: the first, the settings it was already running with
 * before anyone changed them here; a later one, a change made outside the console (at the
 * server's terminal) and found there.
 */
const recordedWords = (row: Pick<VersionOrigin, 'version'>) =>
  row.version === 1
    ? 'The settings the portal started with, recorded automatically: nobody proposed them.'
    : 'A change made outside the console, recorded automatically when the portal found it.'

/** Who made a version, for staff: "Proposed by Ana Ruiz, approved by Ben Cole." */
export function originWords(row: VersionOrigin) {
  if (row.source === 'tables') return recordedWords(row)
  const maker = row.proposed_by?.name ?? 'an operator at the server’s terminal'
  // Without a second person only at the terminal, before the console had any staff.
  return row.approved_by
    ? `Proposed by ${maker}, approved by ${row.approved_by.name}.`
    : `Applied by ${maker} before the console had staff to approve it.`
}
