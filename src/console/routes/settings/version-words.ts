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
