import { t } from '@lingui/core/macro'
import type { CallResponse } from '#api/contract'
import type { IconName } from '#ui/icon'

type Contacts = CallResponse<'supportContacts'>['contacts']

export interface ContactLink {
  kind: 'whatsapp' | 'email' | 'phone'
  label: string
  /** As the bank gave it, for the customer to read. */
  text: string
  href: string
  icon: IconName
  /** Opens outside the portal (WhatsApp). */
  external: boolean
}

const digitsOf = (text: string) => text.replace(/\D/g, '')

type Channel = Omit<ContactLink, 'text' | 'href'> & {
  /** The link for what the bank gave, or '' when it cannot be one. */
  hrefOf: (text: string) => string
}

/** Each channel; its label is read when the links are made, in the language in use. */
const channels: readonly Channel[] = [
  {
    kind: 'whatsapp',
    get label() {
      return t`Chat on WhatsApp`
    },
    icon: 'chat',
    external: true,
    hrefOf: (text) => (digitsOf(text) ? `https://wa.me/${digitsOf(text)}` : ''),
  },
  {
    kind: 'email',
    get label() {
      return t`E-mail us`
    },
    icon: 'mail',
    external: false,
    hrefOf: (text) => `mailto:${text}`,
  },
  {
    kind: 'phone',
    get label() {
      return t`Call us`
    },
    icon: 'phone',
    external: false,
    hrefOf: (text) =>
      digitsOf(text) ? `tel:${text.startsWith('+') ? '+' : ''}${digitsOf(text)}` : '',
  },
]

/**
 * The bank's support contacts as links, each only when the bank gave it (spec section 2):
 * WhatsApp as a chat link (https://wa.me/ takes the number as digits only, with the country
 * code), e-mail as mailto: and the phone as tel: (digits, keeping a leading +).
 */
export function contactLinks(contacts: Contacts): ContactLink[] {
  return channels.flatMap(({ hrefOf, ...channel }) => {
    const text = contacts[channel.kind]?.trim() ?? ''
    const href = text === '' ? '' : hrefOf(text)
    return href === '' ? [] : [{ ...channel, text, href }]
  })
}
