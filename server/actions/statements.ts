import { type CallName, calls } from '#api/contract'
import { fieldRefusal } from '#api/contract/labels'
import { statementPageSize } from '#api/contract/statement-filter'
import { parseAmount } from '#api/money'
import { printableReceiptOf } from '../domain/receipts'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError } from '../rpc/protocol-error'
import { fileResponse } from '../statements/file-response'
import { statementCsv as streamStatementCsv } from '../statements/statement-csv'
import { statementPdf as renderStatementPdf } from '../statements/statement-pdf'
import {
  decodeCursor,
  encodeCursor,
  InvalidCursor,
  readPage,
  type StatementFilter,
} from '../statements/statement-query'
import { loadCustomer, transactionView } from '../views/customer'

/**
 * Statements & Report: pages by keyset, and the CSV and PDF downloads of the same filter.
 * See docs/decisions/025-statements-paging-and-downloads.md.
 */

function checkedFilter(call: CallName, filter: StatementFilter): StatementFilter {
  if (filter.from && filter.to && filter.from > filter.to)
    throw new ProtocolError(
      400,
      fieldRefusal(calls[call], 'from', 'must not be after the last day'),
    )
  const least = filter.minAmount ? parseAmount(filter.minAmount) : null
  const most = filter.maxAmount ? parseAmount(filter.maxAmount) : null
  if (least !== null && most !== null && least > most)
    throw new ProtocolError(
      400,
      fieldRefusal(calls[call], 'minAmount', 'must not be more than the largest amount'),
    )
  return filter
}

const fileDay = (filter: StatementFilter, now: Date) =>
  `${filter.from || 'start'}_to_${filter.to || now.toISOString().slice(0, 10)}`

export const statementPage: Handler<'statementPage'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const filter = checkedFilter('statementPage', input)
  let after = null
  try {
    after = input.cursor ? decodeCursor(input.cursor) : null
  } catch (error) {
    if (error instanceof InvalidCursor)
      throw new ProtocolError(400, fieldRefusal(calls.statementPage, 'cursor', error.message))
    throw error
  }
  const [customer, page] = await Promise.all([
    loadCustomer(deps.db, userId),
    readPage(deps.db, { userId, filter, after, limit: input.limit ?? statementPageSize.default }),
  ])
  return {
    transactions: page.rows.map(transactionView),
    currency: customer.currency,
    nextCursor: page.next ? encodeCursor(page.next) : null,
  }
}

export const statementCsv: Handler<'statementCsv'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const now = deps.now()
  const filter = { ...checkedFilter('statementCsv', input), before: now }
  return fileResponse(
    streamStatementCsv(deps.db, userId, filter),
    'text/csv',
    `statement_${fileDay(filter, now)}.csv`,
  )
}

export const statementPdf: Handler<'statementPdf'> = async ({ input, deps, session, language }) => {
  const { userId } = requireSession(session)
  const now = deps.now()
  const filter = checkedFilter('statementPdf', input)
  const customer = await loadCustomer(deps.db, userId)
  return fileResponse(
    renderStatementPdf(deps.db, { userId, customer, filter, now, language }),
    'application/pdf',
    `statement_${fileDay(filter, now)}.pdf`,
  )
}

export const receiptNotFound = 'Receipt not found.'

export const receiptPdf: Handler<'receiptPdf'> = async ({ input, deps, session, language }) => {
  const { userId } = requireSession(session)
  // Only the caller's own: another customer's receipt id answers like an unknown one.
  const receipt = await printableReceiptOf(deps.db, userId, input.receiptId)
  if (!receipt) throw new ProtocolError(404, receiptNotFound)
  const { transaction, customer } = receipt
  // pdfkit is loaded with the first receipt, not with the server (docs/decisions/084).
  const { receiptPdf: renderReceiptPdf } = await import('../statements/receipt-pdf')
  return fileResponse(
    renderReceiptPdf(transaction, customer, deps.now(), language),
    'application/pdf',
    `receipt_${transaction.ref2}.pdf`,
  )
}
