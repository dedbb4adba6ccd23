import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSettings } from './-components/settings-data'
import { SettingsScreen } from './-components/settings-screen'
import { settingsCatalog } from './-locales/catalog'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/settings')({
  loader: withCatalog(settingsCatalog, loadSettings),
  gcTime: 0,
  component: SettingsScreen,
})
