import { loadSection } from '../../-shared/section-data'

/**
 * Settings' data, read on every visit: the profile (the e-mail), and the security cards'
 * devices and log (decision 080) and passkeys (081), each shown or failed on its own.
 */
export async function loadSettings() {
  const [profile, devices, log, passkeys] = await Promise.all([
    loadSection('customerProfile'),
    loadSection('deviceList'),
    loadSection('securityLog'),
    loadSection('passkeyList'),
  ])
  return { profile, devices, log, passkeys }
}

export type SettingsData = Awaited<ReturnType<typeof loadSettings>>
