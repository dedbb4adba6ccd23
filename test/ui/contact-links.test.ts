import { describe, expect, it } from 'vitest'
import { contactLinks } from '#routes/dashboard/contact/-components/contact-links'

describe('support contact links', () => {
  it('makes a wa.me chat link of digits, a mailto and a tel keeping the leading +', () => {
    const links = contactLinks({
      whatsapp: '+44 (20) 7946-0018',
      email: ' help@bank.example ',
      phone: '+1 555 0100 200',
    })
    expect(links.map(({ kind, href, text }) => ({ kind, href, text }))).toEqual([
      { kind: 'whatsapp', href: 'https://wa.me/442079460018', text: '+44 (20) 7946-0018' },
      { kind: 'email', href: 'mailto:help@bank.example', text: 'help@bank.example' },
      { kind: 'phone', href: 'tel:+15550100200', text: '+1 555 0100 200' },
    ])
    expect(links.map((link) => link.external)).toEqual([true, false, false])
  })

  it('leaves out each contact the bank did not give, or gave without a number', () => {
    expect(contactLinks({ whatsapp: null, email: '', phone: '  ' })).toEqual([])
    expect(contactLinks({ whatsapp: 'n/a', email: null, phone: '0800 123' })).toEqual([
      expect.objectContaining({ kind: 'phone', href: 'tel:0800123' }),
    ])
  })
})
