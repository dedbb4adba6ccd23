import { createFileRoute } from '@tanstack/react-router'
import { loadSettings } from './-components/settings-data'
import { SettingsScreen } from './-components/settings-screen'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/settings')({
  loader: loadSettings,
  gcTime: 0,
  component: SettingsScreen,
})
