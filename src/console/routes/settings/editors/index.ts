import type { ComponentType } from 'react'
import type { SettingsAreaName } from '#api/contract/staff/settings-areas'
import type { EditorProps } from '../use-settings-draft'
import { ChargesEditor } from './charges-editor'
import { CoinsEditor } from './coins-editor'
import { ContactEditor } from './contact-editor'
import { FourEyesEditor } from './four-eyes-editor'
import { PlansEditor } from './plans-editor'
import { PurposesEditor } from './purposes-editor'

/** Each area's fields (docs/decisions/078). */
export const editors: { [A in SettingsAreaName]: ComponentType<EditorProps<A>> } = {
  coins: CoinsEditor,
  purposes: PurposesEditor,
  plans: PlansEditor,
  charges: ChargesEditor,
  contact: ContactEditor,
  'four-eyes': FourEyesEditor,
}
