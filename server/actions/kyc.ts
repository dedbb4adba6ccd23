import { calls } from '#api/contract'
import { minimumAge } from '#api/contract/field-rules'
import { fieldRefusal } from '#api/contract/labels'
import {
  offeredDocumentTypes,
  requestKyc,
  submitVerification,
  type VerificationFile,
} from '../domain/kyc-review'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

export const kycDocumentTypes: Handler<'kycDocumentTypes'> = async ({ deps }) => {
  const types = await offeredDocumentTypes(deps.db)
  return { docs: types.map(({ docName }) => ({ name: docName })) }
}

const fileLabels: Record<VerificationFile, string> = {
  pic: 'Your photo',
  idcardFront: 'The front of your ID document',
  idcardBack: 'The back of your ID document',
}

const alreadyDone = {
  'Pending Verification': 'Your documents are already under review. We will e-mail you the result.',
  Verified: 'Your account is already verified. Please log in.',
} as const

/** KYC submission with the temporary token: the files, the submission and the status together. */
export const submitKyc: Handler<'submitKyc'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const submitted = await submitVerification(deps, userId, input)
  switch (submitted.outcome) {
    case 'no account':
      return { status: false, message: 'Your account could not be found.' }
    case 'already':
      return { status: false, message: alreadyDone[submitted.status] }
    case 'unknown type':
      return { status: false, message: 'Please choose an ID document type from the list.' }
    case 'birth date refused':
      return {
        status: false,
        message: fieldRefusal(
          calls.submitKyc,
          'dateOfBirth',
          `must be in the past, at least ${minimumAge} years ago`,
        ),
      }
    case 'document expired':
      return {
        status: false,
        message: fieldRefusal(
          calls.submitKyc,
          'documentExpiry',
          'must not be in the past: the document has expired',
        ),
      }
    case 'file refused':
      return {
        status: false,
        message: `${fileLabels[submitted.file]} was not accepted: ${submitted.reason}`,
      }
    case 'submitted':
      return {
        status: true,
        message: 'Your documents have been submitted. We will e-mail you when the review is done.',
      }
  }
}

export const kycRequestMessages = {
  sent: 'Your verification request has been sent. We will let you know when it has been checked.',
  alreadyPending: 'Your verification request is already waiting for review.',
  unknownType: 'Please choose a document type from the list.',
  document: (why: string) => `The document was not accepted: ${why}`,
} as const

/** The dashboard's KYC request (docs/decisions/045): one pending request per customer. */
export const requestKycDocument: Handler<'requestKycDocument'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const requested = await requestKyc(deps, userId, input)
  switch (requested.outcome) {
    case 'unknown type':
      return { status: false, message: kycRequestMessages.unknownType }
    case 'already pending':
      return { status: false, message: kycRequestMessages.alreadyPending }
    case 'file refused':
      return { status: false, message: kycRequestMessages.document(requested.reason) }
    case 'sent':
      return { status: true, message: kycRequestMessages.sent }
  }
}
