import type { Language } from '#api/languages'
import { formatMoneyIn } from '#api/money'
import { correctionTypeWords, receiptKindOf, receiptTitles } from '#api/transaction-types'
import { wordsIn } from '#api/words'
import { bankName } from '../mail/templates'
import type { CustomerRecord } from '../views/customer'
import { pdfMoment } from './pdf-dates'
import { streamPdf } from './pdf-stream'
import type { TransactionRow } from './statement-query'

/**
 * One receipt as a PDF, with the fields of the screen (spec section 2): the Payment receipt of a
 * credit, the Transfer receipt of a debit, the Correction receipt of a correction by the bank.
 */

const kindOf = (row: TransactionRow) =>
  receiptKindOf({ type: row.type, direction: row.transactionType })

/** The receipt's fields, labels and values in `language` (docs/decisions/091). */
export function receiptFields(
  row: TransactionRow,
  symbol: string,
  language: Language = 'en',
): [string, string][] {
  const say = (english: string) => wordsIn(language, english)
  const money = (minor: number, sign?: '+' | '-') => formatMoneyIn(language, minor, symbol, sign)
  const status = say(row.status.replaceAll('_', ' '))
  const when = `${pdfMoment(row.createdAt)} UTC`
  const kind = kindOf(row)
  const fields: [string, string][] =
    kind === 'correction'
      ? [
          ['Ref number', row.ref2],
          ['Status', status],
          ['Description', say(row.name)],
          ['Transaction type', say(correctionTypeWords(row.transactionType))],
          ['Date and time', when],
          ['Amount', money(row.amount, row.transactionType === 'credit' ? '+' : '-')],
        ]
      : kind === 'payment'
        ? [
            ['Ref number', row.ref2],
            ['Payment status', status],
            ['Invoice brief', say(row.name)],
            ['Transaction type', say('Credit')],
            ['Date and time', when],
            ['Amount', money(row.amount)],
          ]
        : [
            ['Bank name', row.bank ?? 'n/a'],
            ['Name', row.actHoldName ?? say(row.name)],
            ['Account number', row.actNo ?? 'n/a'],
            ['Country', row.country ?? 'n/a'],
            ['Transaction type', say(row.type)],
            ['Date and time', when],
            ['Transaction ID', row.ref2],
            ['Amount', money(-row.amount)],
            ['Status', status],
          ]
  return fields.map(([label, value]) => [say(label), value])
}

export function receiptPdf(
  row: TransactionRow,
  customer: CustomerRecord,
  now: Date,
  language: Language = 'en',
): ReadableStream<Uint8Array> {
  const say = (english: string) => wordsIn(language, english)
  return streamPdf(async (doc) => {
    const left = 50
    doc.font('Helvetica-Bold').fontSize(18).text(bankName, left, 50)
    doc.fontSize(14).text(say(receiptTitles[kindOf(row)]), left, 80)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(say(`Account holder: ${customer.user.fullname}`), left, 104)
    let top = 140
    for (const [label, value] of receiptFields(row, customer.currency, language)) {
      doc.font('Helvetica-Bold').text(label, left, top, { width: 150 })
      doc.font('Helvetica').text(value, left + 160, top, { width: 330 })
      top += 22
    }
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(say(`Generated ${pdfMoment(now)} UTC`), left, top + 20)
  })
}
