import { formatMoney } from '#api/money'
import { correctionTypeWords, receiptKindOf, receiptTitles } from '#api/transaction-types'
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

export function receiptFields(row: TransactionRow, symbol: string): [string, string][] {
  const status = row.status.replaceAll('_', ' ')
  const kind = kindOf(row)
  if (kind === 'correction')
    return [
      ['Ref number', row.ref2],
      ['Status', status],
      ['Description', row.name],
      ['Transaction type', correctionTypeWords(row.transactionType)],
      ['Date and time', `${pdfMoment(row.createdAt)} UTC`],
      ['Amount', formatMoney(row.amount, symbol, row.transactionType === 'credit' ? '+' : '-')],
    ]
  if (kind === 'payment')
    return [
      ['Ref number', row.ref2],
      ['Payment status', status],
      ['Invoice brief', row.name],
      ['Transaction type', 'Credit'],
      ['Date and time', `${pdfMoment(row.createdAt)} UTC`],
      ['Amount', formatMoney(row.amount, symbol)],
    ]
  return [
    ['Bank name', row.bank ?? 'n/a'],
    ['Name', row.actHoldName ?? row.name],
    ['Account number', row.actNo ?? 'n/a'],
    ['Country', row.country ?? 'n/a'],
    ['Transaction type', row.type],
    ['Date and time', `${pdfMoment(row.createdAt)} UTC`],
    ['Transaction ID', row.ref2],
    ['Amount', formatMoney(-row.amount, symbol)],
    ['Status', status],
  ]
}

export function receiptPdf(
  row: TransactionRow,
  customer: CustomerRecord,
  now: Date,
): ReadableStream<Uint8Array> {
  return streamPdf(async (doc) => {
    const left = 50
    doc.font('Helvetica-Bold').fontSize(18).text(bankName, left, 50)
    doc.fontSize(14).text(receiptTitles[kindOf(row)], left, 80)
    doc.font('Helvetica').fontSize(10).text(`Account holder: ${customer.user.fullname}`, left, 104)
    let top = 140
    for (const [label, value] of receiptFields(row, customer.currency)) {
      doc.font('Helvetica-Bold').text(label, left, top, { width: 150 })
      doc.font('Helvetica').text(value, left + 160, top, { width: 330 })
      top += 22
    }
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(`Generated ${pdfMoment(now)} UTC`, left, top + 20)
  })
}
