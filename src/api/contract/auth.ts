import * as v from 'valibot'
import { defineCall } from './define'
import {
  checkbox,
  code,
  email,
  notice,
  passcode,
  pin,
  requiredText,
  secret,
  statusAnswer,
  text,
  upload,
} from './fields'
import { birthDate, documentCountry, documentExpiry, documentNumber } from './kyc-fields'
import { labelled } from './labels'
import { requiredPhoneNumber } from './profile-fields'
import { role, signInAnswer, verificationStatus } from './sign-in-answer'
import { wire } from './wire-fields'

export const identifyCustomer = defineCall({
  wire: 'iduser',
  kind: 'crud',
  access: 'public',
  summary:
    "Login step 1. On a browser where this customer ticked Remember me, the customer's name and picture; anywhere else the same neutral answer (a blank name, no picture, role customer) whether the e-mail is registered or not (docs/decisions/080).",
  request: v.object({ email }),
  response: v.object({
    error: v.boolean(),
    message: v.string(),
    user: v.optional(v.object({ fullname: v.string(), picture: v.nullable(v.string()) })),
    role: v.optional(role),
    /** Offer "Use your passkey": always on the neutral answer; on a remembered one, if any. */
    passkey: v.optional(v.boolean()),
  }),
})

export const signIn = defineCall({
  wire: 'userlogin',
  kind: 'crud',
  access: 'public',
  summary: 'Login step 2: checks the passcode (or an admin password) and opens a session.',
  request: v.object({
    email,
    password: labelled(secret, 'Your passcode'),
    rememberMe: wire('remeber', labelled(checkbox, 'Remember me')),
  }),
  response: signInAnswer,
})

export const signUp = defineCall({
  wire: 'newuser',
  kind: 'crud',
  access: 'public',
  summary: 'Signup: creates an unverified customer and e-mails a verification code.',
  request: v.object({
    firstName: wire('first_name', labelled(requiredText(60), 'Your first name')),
    lastName: wire('last_name', labelled(requiredText(60), 'Your last name')),
    username: labelled(requiredText(40), 'Your username'),
    email,
    password: labelled(secret, 'Your passcode'),
    fullname: labelled(text(121), 'Your full name'),
  }),
  response: v.object({
    error: v.boolean(),
    message: v.string(),
    data: v.optional(v.object({ email: v.string() })),
  }),
})

export const verifyEmail = defineCall({
  wire: 'verifyuser',
  kind: 'crud',
  access: 'public',
  summary: 'Checks the e-mailed 6-digit verification code.',
  request: v.object({
    email,
    verificationCode: wire('ver_code', labelled(code, 'The verification code')),
  }),
  response: v.object({
    error: v.boolean(),
    message: v.string(),
    verificationStatus: wire('verification_status', v.optional(verificationStatus)),
    jwt: v.optional(v.string()),
  }),
})

/** The step of a forgot call: e-mail a code, or reset with it. */
const step = <const S extends string>(name: S) => labelled(v.literal(name), 'The step')
const stepMessage = 'must be code or reset'

const forgotAnswer = v.object({
  icon: v.picklist(['success', 'error']),
  message: v.string(),
  message1: v.optional(v.string()),
  email: v.optional(v.string()),
})

export const resetPasscode = defineCall({
  wire: 'userforgot',
  kind: 'crud',
  access: 'public',
  summary:
    'Forgot passcode: `action=code` e-mails a reset code and link; `action=reset` sets the new passcode.',
  request: v.variant(
    'action',
    [
      v.object({ action: step('code'), email }),
      v.object({
        action: step('reset'),
        email,
        resetCode: wire('reset_code', labelled(code, 'The reset code')),
        newSecret: wire('new_password', labelled(passcode, 'Your new passcode')),
      }),
    ],
    stepMessage,
  ),
  response: forgotAnswer,
})

export const resetPin = defineCall({
  wire: 'userforgotpin',
  kind: 'crud',
  access: 'public',
  summary:
    'Forgot PIN: `action=code` (from settings, with the session token) e-mails a reset link; `action=reset` sets the new 4-digit PIN.',
  request: v.variant(
    'action',
    [
      v.object({ action: step('code') }),
      v.object({
        action: step('reset'),
        email,
        resetCode: wire('reset_code', labelled(code, 'The reset code')),
        newSecret: wire('new_password', labelled(pin, 'Your new PIN')),
      }),
    ],
    stepMessage,
  ),
  response: forgotAnswer,
})

export const resendVerificationCode = defineCall({
  wire: 'resendconfirmcode',
  kind: 'action',
  access: 'public',
  summary: 'Sends a new e-mail verification code (no sooner than 180 s after the last one).',
  request: v.object({ email }),
  response: statusAnswer,
})

export const resendPasscodeResetCode = defineCall({
  wire: 'resendforgotcode',
  kind: 'action',
  access: 'public',
  summary: 'Sends a new passcode reset code (no sooner than 180 s after the last one).',
  request: v.object({ email }),
  response: statusAnswer,
})

export const submitKyc = defineCall({
  wire: 'submit_verification',
  kind: 'action',
  access: 'kyc',
  summary:
    "KYC submission with the temporary token: details (the phone in international form, the rule of the profile; the date of birth an adult's), a picture, and an ID document: its type, number (5 to 20 letters or digits), issuing country (ISO 3166-1 alpha-2), expiry date (not passed on the day of submission) and both sides. dob, document_number, document_country and document_expiry are not in the original spec: added for the bank's review (docs/decisions/099).",
  request: v.object({
    country: labelled(requiredText(80), 'Your country'),
    phone: labelled(requiredPhoneNumber, 'Your phone number'),
    homeAddress: wire('home_address', labelled(requiredText(300), 'Your home address')),
    dateOfBirth: wire('dob', labelled(birthDate, 'Your date of birth')),
    pic: labelled(upload, 'Your photo'),
    type: labelled(requiredText(80), 'The document type'),
    documentNumber: wire('document_number', labelled(documentNumber, 'The document number')),
    documentCountry: wire('document_country', labelled(documentCountry, 'The issuing country')),
    documentExpiry: wire('document_expiry', labelled(documentExpiry, 'The expiry date')),
    idcardFront: labelled(upload, 'The front of your document'),
    idcardBack: labelled(upload, 'The back of your document'),
  }),
  files: ['pic', 'idcardFront', 'idcardBack'],
  response: statusAnswer,
})

export const requestKycDocument = defineCall({
  wire: 'requestkyc',
  kind: 'action',
  access: 'session',
  summary:
    "The dashboard's KYC request (the spec names no call): a document type and its file, pending in the operators' review queue (`kyc requests`) until approved or declined; one pending at a time.",
  request: v.object({
    type: labelled(requiredText(80), 'The document type'),
    document: labelled(upload, 'The document'),
  }),
  files: ['document'],
  response: statusAnswer,
})

export const kycDocumentTypes = defineCall({
  wire: 'getdocs',
  kind: 'action',
  access: 'public',
  summary: "KYC document types offered besides Driver's License.",
  request: v.object({}),
  response: v.object({ docs: v.array(v.object({ name: wire('doc_name', v.string()) })) }),
})

export const accountNotice = defineCall({
  wire: 'getsinfo',
  kind: 'action',
  access: 'notice',
  summary: 'The account notice (head and body) shown to a customer whose login returned ismsg.',
  request: v.object({}),
  response: v.object({ notice: v.nullable(notice) }),
})

export const signOut = defineCall({
  wire: 'logout',
  kind: 'action',
  access: 'public',
  summary:
    'Revokes the session token sent with it (any kind). Not in the original spec: added so logout ends the session on the server.',
  request: v.object({}),
  response: v.object({ status: v.boolean() }),
})
