import type { CallResponse } from '#api/contract'
import type { IconName } from '#ui/icon'

type Contacts = CallResponse<'getcontact'>['ct']

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

/**
 * The bank's support contacts as links, each only when the bank gave it (spec section 2):
 * WhatsApp as a chat link (https://wa.me/ takes the number as digits only, with the country
 * code), e-mail as mailto: and the phone as tel: (digits, keeping a leading +).
 */
export function contactLinks(contacts: Contacts): ContactLink[] {
  const links: ContactLink[] = []
  const whatsapp = contacts.whatsapp?.trim() ?? ''
  if (digitsOf(whatsapp) !== '') {
    links.push({
      kind: 'whatsapp',
      label: 'Chat on WhatsApp',
      text: whatsapp,
      href: `https://wa.me/${digitsOf(whatsapp)}`,
      icon: 'chat',
      external: true,
    })
  }
  const email = contacts.email?.trim() ?? ''
  if (email !== '') {
    links.push({
      kind: 'email',
      label: 'E-mail us',
      text: email,
      href: `mailto:${email}`,
      icon: 'mail',
      external: false,
    })
  }
  const phone = contacts.phone?.trim() ?? ''
  if (digitsOf(phone) !== '') {
    links.push({
      kind: 'phone',
      label: 'Call us',
      text: phone,
      href: `tel:${phone.startsWith('+') ? '+' : ''}${digitsOf(phone)}`,
      icon: 'phone',
      external: false,
    })
  }
  return links
}
