import { formatMoney } from '#api/money'
import { bankName } from '../mail/templates'
import { pdfDay, pdfMoment } from './pdf-dates'
import type { Pdf } from './pdf-stream'
import type { StatementFilter, TransactionRow } from './statement-query'

/**
 * The PDF statement a customer can hand to a landlord: the bank, the customer and account, the
 * period, opening and closing balance (from the ledger), every transaction of the filter oldest
 * first, and "Page n of N" on each page. Rows have a fixed height, so N is known before the first
 * page is written and nothing is buffered.
 */
const page = { width: 595.28, height: 841.89, margin: 30 }
const rowHeight = 15
const tableBottom = page.height - 50
const columns = [
  { title: 'Date', width: 62, align: 'left' },
  { title: 'Description', width: 190, align: 'left' },
  { title: 'Type', width: 42, align: 'left' },
  { title: 'Status', width: 62, align: 'left' },
  { title: 'Receipt', width: 84, align: 'left' },
  { title: 'Amount', width: 95, align: 'right' },
] as const
const firstTableTop = 250
const laterTableTop = page.margin + 20

const rowsFitting = (top: number) => Math.floor((tableBottom - top - rowHeight) / rowHeight)
export const firstPageRows = rowsFitting(firstTableTop)
export const laterPageRows = rowsFitting(laterTableTop)

export const pageCount = (rows: number) =>
  rows <= firstPageRows ? 1 : 1 + Math.ceil((rows - firstPageRows) / laterPageRows)

export interface StatementPeriod {
  /** First moment included. */
  start: Date
  /** First moment no longer included. */
  end: Date
}

/** The period a filter covers: its days, or from the account's opening up to now. */
export function periodOf(filter: StatementFilter, opened: Date, now: Date): StatementPeriod {
  const start = filter.from ? new Date(`${filter.from}T00:00:00Z`) : opened
  const end = filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000) : now
  return { start, end }
}

function footer(doc: Pdf, number: number, total: number, generated: Date) {
  const bottom = doc.page.margins.bottom
  doc.page.margins.bottom = 0
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(`Generated ${pdfMoment(generated)} UTC`, page.margin, page.height - 35, {
      lineBreak: false,
    })
    .text(`Page ${number} of ${total}`, page.margin, page.height - 35, {
      width: page.width - 2 * page.margin,
      align: 'right',
      lineBreak: false,
    })
  doc.page.margins.bottom = bottom
  doc.fillColor('#000000')
}

function tableHeader(doc: Pdf, top: number) {
  let x = page.margin
  doc.font('Helvetica-Bold').fontSize(9)
  for (const column of columns) {
    doc.text(column.title, x, top, {
      width: column.width - 4,
      align: column.align,
      lineBreak: false,
    })
    x += column.width
  }
  doc
    .moveTo(page.margin, top + rowHeight - 3)
    .lineTo(page.width - page.margin, top + rowHeight - 3)
    .stroke()
  doc.font('Helvetica')
}

function tableRow(doc: Pdf, row: StatementPdfRow, top: number, symbol: string) {
  const sign = row.transactionType === 'debit' ? -1 : 1
  const cells = [
    pdfDay(row.createdAt),
    row.name,
    row.transactionType === 'debit' ? 'Debit' : 'Credit',
    row.status.replaceAll('_', ' '),
    row.ref2,
    formatMoney(sign * row.amount, symbol),
  ]
  let x = page.margin
  doc.fontSize(8.5)
  columns.forEach((column, index) => {
    doc.text(cells[index] ?? '', x, top, {
      width: column.width - 4,
      height: rowHeight,
      align: column.align,
      lineBreak: false,
      ellipsis: true,
    })
    x += column.width
  })
}

/** What the first page says above the table: plain data, so it can cross to the worker. */
export interface StatementHeading {
  fullname: string
  accountNo: string | null
  currencyCode: string
  currencySymbol: string
  period: StatementPeriod
  opening: number
  closing: number
  rows: number
  type: StatementFilter['type']
  generated: Date
}

/** One row as the table shows it. */
export type StatementPdfRow = Pick<
  TransactionRow,
  'createdAt' | 'name' | 'transactionType' | 'status' | 'ref2' | 'amount'
>

function summary(doc: Pdf, heading: StatementHeading) {
  const { period } = heading
  const lastDay = new Date(period.end.getTime() - 1)
  doc.font('Helvetica-Bold').fontSize(18).text(bankName, page.margin, page.margin)
  doc.fontSize(13).text('Account statement', page.margin, page.margin + 26)
  doc.font('Helvetica').fontSize(10)
  const lines: [string, string][] = [
    ['Account holder', heading.fullname],
    ['Account number', heading.accountNo ?? 'n/a'],
    ['Currency', heading.currencyCode],
    ['Period', `${pdfDay(period.start)} to ${pdfDay(lastDay)}`],
    [
      'Transactions',
      heading.type ? `${heading.type}s only (${heading.rows})` : String(heading.rows),
    ],
    ['Opening balance', formatMoney(heading.opening, heading.currencySymbol)],
    ['Closing balance', formatMoney(heading.closing, heading.currencySymbol)],
  ]
  let top = page.margin + 56
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').text(label, page.margin, top, { width: 120, lineBreak: false })
    doc
      .font('Helvetica')
      .text(value, page.margin + 125, top, { width: 380, lineBreak: false, ellipsis: true })
    top += 17
  }
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      'Balances include every movement of the account; the list shows the transactions of the chosen filter. Amounts are signed: debits are negative.',
      page.margin,
      top + 6,
      { width: page.width - 2 * page.margin },
    )
    .fillColor('#000000')
}

/**
 * Draws a statement into `doc` as its rows arrive: the first page's summary and table header at
 * once, then each batch of rows, turning pages and numbering them "n of N".
 */
export function statementDrawing(doc: Pdf, heading: StatementHeading) {
  const total = pageCount(heading.rows)
  let number = 1
  let top = firstTableTop + rowHeight
  summary(doc, heading)
  tableHeader(doc, firstTableTop)
  footer(doc, number, total, heading.generated)
  if (heading.rows === 0)
    doc.fontSize(10).text('No transactions in this period.', page.margin, top + 4)
  return (rows: readonly StatementPdfRow[]) => {
    for (const row of rows) {
      if (top + rowHeight > tableBottom) {
        doc.addPage()
        number++
        tableHeader(doc, laterTableTop)
        footer(doc, number, total, heading.generated)
        top = laterTableTop + rowHeight
      }
      tableRow(doc, row, top, heading.currencySymbol)
      top += rowHeight
    }
  }
}
