import { settingsAreas } from '#api/contract/staff/settings-areas'
import { AlertBox } from '#ui/alert-box'
import { useDocumentTitle } from '#ui/use-document-title'
import { ConsoleLink } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { settingsAreaRoute } from './area-route'
import { CurrentSettings } from './current-settings'
import * as styles from './settings.css'
import { SettingsForm } from './settings-form'
import { SettingsHistory } from './settings-history'
import { type AreaPage, originWords } from './version-words'

/** Which version is in use, since when, and who made it. */
function InUse({ page }: { page: AreaPage }) {
  const row = page.versions.find((version) => version.version === page.version)
  if (!row) return <p className={styles.about}>Version {page.version} is in use.</p>
  return (
    <p className={styles.about}>
      Version {page.version} is in use since <When at={row.decided_at ?? row.created_at} />.{' '}
      {originWords(row)}
    </p>
  )
}

/**
 * One area of the settings: the configuration role proposes a change of it (four eyes), every
 * version is listed with the difference from the one in use; the auditor reads.
 */
export function SettingsAreaScreen() {
  const page = settingsAreaRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const { area } = page
  const { label, about } = settingsAreas[area]
  const waiting = page.versions.filter((row) => row.status === 'proposed').length
  useDocumentTitle(`${label} · Settings`)
  return (
    <>
      <p className={styles.muted}>
        <ConsoleLink to="/settings">Settings</ConsoleLink>
      </p>
      <h1>{label}</h1>
      <p className={styles.about}>{about}</p>
      <InUse page={page} />
      <AlertBox
        display={waiting > 0}
        type="warning"
        msg={
          <>
            {waiting === 1 ? 'A proposed change waits' : `${waiting} proposed changes wait`} for a
            second person in <ConsoleLink to="/approvals">Approvals</ConsoleLink>.
          </>
        }
      />
      {me.roles.includes('configuration') ? (
        <SettingsForm key={`${area}:${page.version}`} area={area} page={page} />
      ) : (
        <CurrentSettings area={area} version={page.version} content={page.content} />
      )}
      <SettingsHistory key={`${area}:${page.versions[0]?.id}`} area={area} page={page} />
    </>
  )
}
