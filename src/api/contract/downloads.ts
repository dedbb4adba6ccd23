import * as v from 'valibot'
import { defineCall } from './define'
import { requiredText } from './fields'
import { labelled } from './labels'
import { statementFilter } from './statement-filter'
import { wire } from './wire-fields'

/**
 * Files the customer downloads. They are POSTs with the token like every call; the answer is the
 * file itself, streamed, with Content-Disposition: attachment. See
 * docs/decisions/025-statements-paging-and-downloads.md.
 */
const file = v.instance(Response)

export const statementCsv = defineCall({
  wire: 'statementcsv',
  kind: 'action',
  access: 'session',
  summary:
    'Statements & Report as CSV: every transaction of the filter, newest first, streamed (date, name, type, amount, status, receipt id).',
  request: v.object(statementFilter),
  response: file,
  download: 'text/csv',
})

export const statementPdf = defineCall({
  wire: 'statementpdf',
  kind: 'action',
  access: 'session',
  summary:
    'Statements & Report as a PDF statement: the customer and account, the period, opening and closing balance, every transaction of the filter, page numbers.',
  request: v.object(statementFilter),
  response: file,
  download: 'application/pdf',
})

export const receiptPdf = defineCall({
  wire: 'receiptpdf',
  kind: 'action',
  access: 'session',
  summary:
    'One receipt of the caller as a PDF; another customer\'s or an unknown id answers 404 "Receipt not found."',
  request: v.object({
    receiptId: wire('trans', labelled(requiredText(64), 'The receipt number')),
  }),
  response: file,
  download: 'application/pdf',
})
