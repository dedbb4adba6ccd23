import * as v from 'valibot'
import { countries } from '../../../countries'
import { isPhoneNumber } from '../../field-rules'
import { email as emailRule, swiftCode } from '../../fields'
import { labelled } from '../../labels'
import { settingsArea } from './area'
import { emptyOr, optionalLine, said } from './rules'

/**
 * How customers reach the bank (Help & Support, `getcontact`) and the bank's institution details
 * (the institutional-transfer page: each account keeps the details it was opened with, and takes
 * the new ones when they change; docs/decisions/078). Any may be left empty.
 */

const phone = (label: string) =>
  labelled(
    v.pipe(
      optionalLine(40),
      v.check(
        (text) => text === null || isPhoneNumber(text),
        'must be in international form: + and the country code, e.g. +15550100200',
      ),
    ),
    label,
  )

export const contactArea = settingsArea({
  label: 'Contact and institution',
  noun: 'contact and institution details',
  about:
    'How customers reach the bank (Help & Support) and the bank’s institution details, which the institutional-transfer page shows with each account.',
  schema: labelled(
    v.object(
      {
        whatsapp: phone('The WhatsApp number'),
        email: labelled(emptyOr(emailRule), 'The e-mail address'),
        phone: phone('The phone number'),
        swift: labelled(emptyOr(swiftCode), 'The SWIFT code'),
        routing: labelled(
          v.pipe(
            optionalLine(34),
            v.check(
              (text) => text === null || /^[A-Za-z0-9][A-Za-z0-9 -]{2,33}$/.test(text),
              'must be 3 to 34 letters, digits, spaces or dashes',
            ),
          ),
          'The routing number',
        ),
        country: labelled(
          v.pipe(
            optionalLine(100),
            v.check(
              (text) => text === null || countries().some((country) => country.name === text),
              'must be a country from the list',
            ),
          ),
          'The country',
        ),
      },
      'must be the contact and institution details',
    ),
    'The contact and institution details',
  ),
  toInput: (content) => ({
    whatsapp: content.whatsapp ?? '',
    email: content.email ?? '',
    phone: content.phone ?? '',
    swift: content.swift ?? '',
    routing: content.routing ?? '',
    country: content.country ?? '',
  }),
  entries: (content) =>
    (
      [
        ['whatsapp', 'WhatsApp'],
        ['email', 'E-mail'],
        ['phone', 'Phone'],
        ['swift', 'SWIFT code'],
        ['routing', 'Routing number'],
        ['country', 'Country'],
      ] as const
    ).map(([key, label]) => ({
      key,
      label,
      parts: [{ name: '', value: said.orNotSet(content[key]) }],
    })),
})
