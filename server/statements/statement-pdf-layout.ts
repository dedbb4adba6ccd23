import type { Language } from '#api/languages'
import { formatMoneyIn } from '#api/money'
import { wordsIn } from '#api/words'
import { bankName } from '../mail/templates'
import { pdfDay, pdfMoment } from './pdf-dates'
import type { Pdf } from './pdf-stream'
import { textWidths } from './pdf-text-widths'
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
/** The table's rows' font size (Helvetica). */
const rowFontSize = 8.5
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

/** The statement's words in its reader's language (docs/decisions/091). */
type Say = (english: string) => string

function footer(doc: Pdf, say: Say, number: number, total: number, generated: string) {
  const bottom = doc.page.margins.bottom
  doc.page.margins.bottom = 0
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(generated, page.margin, page.height - 35, {
      lineBreak: false,
    })
    .text(say(`Page ${number} of ${total}`), page.margin, page.height - 35, {
      width: page.width - 2 * page.margin,
      align: 'right',
      lineBreak: false,
    })
  doc.page.margins.bottom = bottom
  doc.fillColor('#000000')
}

function tableHeader(doc: Pdf, say: Say, top: number) {
  let x = page.margin
  doc.font('Helvetica-Bold').fontSize(9)
  for (const column of columns) {
    doc.text(say(column.title), x, top, {
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

/**
 * A day as the table prints it, kept per UTC day: a statement's rows share few days, and
 * formatting a date with Intl is most of a row's cost after the text itself.
 */
function dayFormatter() {
  const days = new Map<number, string>()
  return (moment: Date) => {
    const day = Math.floor(moment.getTime() / 86_400_000)
    let shown = days.get(day)
    if (shown === undefined) {
      shown = pdfDay(moment)
      days.set(day, shown)
    }
    return shown
  }
}

/** Text pdfkit's line wrapper would keep as one line as it is: single spaces between words. */
const plainLine = /^\S+(?: \S+)*$/

/**
 * One cell of the table. A text that plainly fits its column is placed directly (a right-aligned
 * one at the column's right edge minus its width), which is what pdfkit's line wrapper does with
 * it, without the wrapper: most of the time of drawing a long statement went into wrapping text
 * that needed none. The 1 pt of slack leaves the texts at the edge, and every other one (too
 * wide, odd spacing), to the wrapper and its ellipsis.
 */
function cell(
  doc: Pdf,
  text: string,
  x: number,
  top: number,
  column: (typeof columns)[number],
  widthOf: (text: string) => number,
) {
  const width = column.width - 4
  const textWidth = plainLine.test(text) ? widthOf(text) : Number.POSITIVE_INFINITY
  if (textWidth + 1 <= width) {
    doc.text(text, column.align === 'right' ? x + width - textWidth : x, top, { lineBreak: false })
    return
  }
  doc.text(text, x, top, {
    width,
    height: rowHeight,
    align: column.align,
    lineBreak: false,
    ellipsis: true,
  })
}

function tableRow(
  doc: Pdf,
  row: StatementPdfRow,
  top: number,
  amounts: { symbol: string; language: Language },
  say: Say,
  day: (moment: Date) => string,
  widthOf: (text: string) => number,
) {
  const sign = row.transactionType === 'debit' ? -1 : 1
  const cells = [
    day(row.createdAt),
    say(row.name),
    say(row.transactionType === 'debit' ? 'Debit' : 'Credit'),
    say(row.status.replaceAll('_', ' ')),
    row.ref2,
    formatMoneyIn(amounts.language, sign * row.amount, amounts.symbol),
  ]
  let x = page.margin
  doc.fontSize(rowFontSize)
  columns.forEach((column, index) => {
    cell(doc, cells[index] ?? '', x, top, column, widthOf)
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
  /** The reader's: the page's that asked for it. */
  language: Language
}

/** One row as the table shows it. */
export type StatementPdfRow = Pick<
  TransactionRow,
  'createdAt' | 'name' | 'transactionType' | 'status' | 'ref2' | 'amount'
>

function summary(doc: Pdf, heading: StatementHeading, say: Say) {
  const { period } = heading
  const lastDay = new Date(period.end.getTime() - 1)
  doc.font('Helvetica-Bold').fontSize(18).text(bankName, page.margin, page.margin)
  const money = (minor: number) => formatMoneyIn(heading.language, minor, heading.currencySymbol)
  doc.fontSize(13).text(say('Account statement'), page.margin, page.margin + 26)
  doc.font('Helvetica').fontSize(10)
  const lines: [string, string][] = [
    ['Account holder', heading.fullname],
    ['Account number', heading.accountNo ?? 'n/a'],
    ['Currency', heading.currencyCode],
    [
      'Period',
      `${pdfDay(period.start)} ${heading.language === 'es' ? 'a' : 'to'} ${pdfDay(lastDay)}`,
    ],
    [
      'Transactions',
      heading.type ? say(`${heading.type}s only (${heading.rows})`) : String(heading.rows),
    ],
    ['Opening balance', money(heading.opening)],
    ['Closing balance', money(heading.closing)],
  ]
  let top = page.margin + 56
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').text(say(label), page.margin, top, { width: 120, lineBreak: false })
    doc
      .font('Helvetica')
      .text(value, page.margin + 125, top, { width: 380, lineBreak: false, ellipsis: true })
    top += 17
  }
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      say(
        'Balances include every movement of the account; the list shows the transactions of the chosen filter. Amounts are signed: debits are negative.',
      ),
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
  // A row's words in the reader's language, each distinct text worked out once.
  const said = new Map<string, string>()
  const say: Say = (english) => {
    if (heading.language === 'en') return english
    let words = said.get(english)
    if (words === undefined) {
      words = wordsIn(heading.language, english)
      said.set(english, words)
    }
    return words
  }
  summary(doc, heading, say)
  tableHeader(doc, say, firstTableTop)
  const generated = say(`Generated ${pdfMoment(heading.generated)} UTC`)
  footer(doc, say, number, total, generated)
  if (heading.rows === 0)
    doc.fontSize(10).text(say('No transactions in this period.'), page.margin, top + 4)
  const day = dayFormatter()
  // Measured in the rows' font, which is the document's whenever a cell is measured.
  const widthOf = textWidths(doc, rowFontSize)
  return (rows: readonly StatementPdfRow[]) => {
    for (const row of rows) {
      if (top + rowHeight > tableBottom) {
        doc.addPage()
        number++
        tableHeader(doc, say, laterTableTop)
        footer(doc, say, number, total, generated)
        top = laterTableTop + rowHeight
      }
      tableRow(
        doc,
        row,
        top,
        { symbol: heading.currencySymbol, language: heading.language },
        say,
        day,
        widthOf,
      )
      top += rowHeight
    }
  }
}
