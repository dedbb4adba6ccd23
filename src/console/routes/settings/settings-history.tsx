import { useState } from 'react'
import {
  type SettingsAreaName,
  type SettingsContent,
  settingsChanges,
} from '#api/contract/staff/settings-areas'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { DataTable } from '../../ui/data-table'
import { When } from '../../ui/when'
import * as styles from './settings.css'
import { SettingsDiff } from './settings-diff'
import { type AreaPage, type SettingsVersionRow, versionName, versionStatus } from './version-words'

/** Who proposed a version, and when; a version the portal recorded itself says so. */
function Proposed({ row }: { row: SettingsVersionRow }) {
  if (row.source === 'tables')
    return (
      <>
        Nobody: recorded by the portal, <When at={row.created_at} />
      </>
    )
  return (
    <>
      {row.proposed_by?.name ?? 'An operator at the server’s terminal'},{' '}
      <When at={row.created_at} />
    </>
  )
}

/** Who approved it, and when; nobody for a version recorded, waiting or dropped. */
function Approved({ row }: { row: SettingsVersionRow }) {
  if (row.status !== 'applied' || row.source === 'tables' || !row.decided_at) return <>—</>
  return (
    <>
      {row.approved_by?.name ?? 'Nobody: applied at the server’s terminal'},{' '}
      <When at={row.decided_at} />
    </>
  )
}

/** The version a page compares first: a proposal waiting, else the one before the current. */
const firstCompared = (page: AreaPage) =>
  (
    page.versions.find((row) => row.status === 'proposed') ??
    page.versions.find((row) => row.status === 'applied' && row.version !== page.version)
  )?.id ?? null

/**
 * The chosen version against the one in use: what has changed since an earlier version, or what
 * a proposal would change (the version in use first).
 */
function Difference({
  area,
  chosen,
  page,
}: {
  area: SettingsAreaName
  chosen: SettingsVersionRow
  page: AreaPage
}) {
  const current = page.content as SettingsContent
  const theirs = chosen.content as SettingsContent
  const inUse = `In use (version ${page.version})`
  const earlier = chosen.status === 'applied'
  return (
    <SettingsDiff
      changes={
        earlier ? settingsChanges(area, theirs, current) : settingsChanges(area, current, theirs)
      }
      caption={`${versionName(chosen)} against the version in use (${page.version})`}
      fromLabel={earlier ? versionName(chosen) : inUse}
      toLabel={earlier ? inUse : versionName(chosen)}
    />
  )
}

/**
 * Every version of the area, newest first (docs/decisions/078), and the difference between the
 * one chosen and the version in use, row by row.
 */
export function SettingsHistory({ area, page }: { area: SettingsAreaName; page: AreaPage }) {
  const [compared, setCompared] = useState(() => firstCompared(page))
  const chosen = page.versions.find((row) => row.id === compared)
  return (
    <Card heading="History">
      <DataTable
        caption="Every version, newest first"
        rows={page.versions}
        emptyText="No version yet."
        columns={[
          {
            id: 'version',
            header: 'Version',
            // "Version 12" on one line.
            accessorFn: (row) => versionName(row).replace(' ', '\u00a0'),
          },
          {
            id: 'status',
            header: 'Status',
            accessorFn: (row) => versionStatus(row, page.version),
          },
          {
            id: 'proposed',
            header: 'Proposed',
            accessorFn: (row) => row.created_at,
            cell: ({ row }) => <Proposed row={row.original} />,
          },
          {
            id: 'approved',
            header: 'Approved',
            accessorFn: (row) => row.decided_at ?? '',
            cell: ({ row }) => <Approved row={row.original} />,
          },
          {
            id: 'compare',
            header: 'Difference',
            enableSorting: false,
            cell: ({ row }) =>
              row.original.version === page.version ? (
                'In use'
              ) : (
                <Button
                  type="button"
                  variant="ghost"
                  aria-pressed={row.original.id === compared}
                  aria-label={`Compare ${versionName(row.original).toLowerCase()} with the version in use`}
                  onClick={() => setCompared(row.original.id)}
                >
                  {row.original.id === compared ? 'Shown below' : 'Compare'}
                </Button>
              ),
          },
        ]}
      />
      {chosen && (
        <div className={styles.compare}>
          <Difference area={area} chosen={chosen} page={page} />
        </div>
      )}
    </Card>
  )
}
