import { hashFormatChoices } from '#api/contract/staff/settings-areas'
import { CheckboxField } from '#ui/checkbox-field'
import { RadioChoice } from '#ui/radio-choice'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'
import { SettingsList, SettingsRow } from './settings-list'

/**
 * The coins: each coin's deposit address, chain and explorer, and whether the forms offer it. A
 * coin once saved keeps its name (requests name it); a new one may be removed before it is.
 */
export function CoinsEditor({ draft, change, problemAt, current }: EditorProps<'coins'>) {
  const saved = current.coins.length
  return (
    <SettingsList
      title="Coins"
      addLabel="Add a coin"
      onAdd={() =>
        change((form) => {
          form.coins.push({
            name: '',
            address: '',
            network: '',
            hash_format: 'hex64-or-0x',
            explorer: '',
            offered: true,
          })
        })
      }
    >
      {draft.coins.map((coin, index) => {
        const at = (field: string) => problemAt(`coins.${index}.${field}`)
        const isNew = index >= saved
        const edit = (values: Partial<typeof coin>) =>
          change((form) => {
            Object.assign(form.coins[index] ?? {}, values)
          })
        return (
          <SettingsRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end, and only new ones removed
            key={index}
            legend={isNew ? `New coin ${index - saved + 1}` : coin.name}
            remove={
              isNew
                ? {
                    label: 'Remove this coin',
                    onRemove: () => change((form) => void form.coins.splice(index, 1)),
                  }
                : undefined
            }
          >
            {isNew && (
              <TextField
                label="Name"
                value={coin.name}
                maxLength={40}
                autoComplete="off"
                hint="As customers see it, e.g. Litecoin (LTC)."
                error={at('name') ?? problemAt(`coins.${index}`)}
                onChange={(event) => edit({ name: event.target.value })}
              />
            )}
            <TextField
              className={styles.wide}
              label="Deposit address"
              value={coin.address}
              autoComplete="off"
              spellCheck={false}
              error={at('address')}
              onChange={(event) => edit({ address: event.target.value })}
            />
            <TextField
              label="Network"
              value={coin.network}
              autoComplete="off"
              hint='As the forms say it, e.g. "Bitcoin testnet".'
              error={at('network')}
              onChange={(event) => edit({ network: event.target.value })}
            />
            {/* Radios, not a select: each format is a sentence, shown whole at any width. */}
            <RadioChoice
              stacked
              className={styles.wide}
              legend="Transaction hashes"
              options={hashFormatChoices}
              value={coin.hash_format}
              onChoose={(hash_format) => edit({ hash_format })}
            />
            <TextField
              className={styles.wide}
              label="Explorer"
              value={coin.explorer}
              autoComplete="off"
              spellCheck={false}
              hint="An https address with {hash} where the transaction's hash goes."
              error={at('explorer')}
              onChange={(event) => edit({ explorer: event.target.value })}
            />
            <CheckboxField
              label="Offered on the forms"
              checked={coin.offered}
              onChange={(event) => edit({ offered: event.target.checked })}
            />
          </SettingsRow>
        )
      })}
    </SettingsList>
  )
}
