import type { Handlers } from '../rpc/handler'
import * as account from './account'
import * as emailChange from './email-change'
import * as funding from './funding'
import * as insights from './insights'
import * as kyc from './kyc'
import * as notifications from './notifications'
import * as passcodeReset from './passcode-reset'
import * as passkeys from './passkeys'
import * as payees from './payees'
import * as pinCreation from './pin-creation'
import * as pinReset from './pin-reset'
import * as profile from './profile'
import * as scheduled from './scheduled-transfers'
import * as secretChanges from './secret-changes'
import * as security from './security'
import * as sessionTime from './session-time'
import * as signIn from './sign-in'
import * as signUp from './sign-up'
import * as statements from './statements'
import * as transfers from './transfers'

/** Every implemented call by name; a call missing here answers 501 "not implemented yet". */
export const handlers: Handlers = {
  identifyCustomer: signIn.identifyCustomer,
  signIn: signIn.signIn,
  signOut: signIn.signOut,
  rememberedDevice: signIn.rememberedDevice,
  accountNotice: signIn.accountNotice,
  signUp: signUp.signUp,
  verifyEmail: signUp.verifyEmail,
  resendVerificationCode: signUp.resendVerificationCode,
  resetPasscode: passcodeReset.resetPasscode,
  resendPasscodeResetCode: passcodeReset.resendPasscodeResetCode,
  resetPin: pinReset.resetPin,
  kycDocumentTypes: kyc.kycDocumentTypes,
  submitKyc: kyc.submitKyc,
  requestKycDocument: kyc.requestKycDocument,
  dashboard: account.dashboard,
  statementPage: statements.statementPage,
  statementCsv: statements.statementCsv,
  statementPdf: statements.statementPdf,
  receiptPdf: statements.receiptPdf,
  transactionReceipt: account.transactionReceipt,
  customerProfile: account.customerProfile,
  institutionDetails: account.institutionDetails,
  supportContacts: account.supportContacts,
  hasTransferPin: account.hasTransferPin,
  createTransferPin: pinCreation.createTransferPin,
  notificationList: notifications.notificationList,
  markNotificationRead: notifications.markNotificationRead,
  transferList: transfers.transferList,
  cryptoDepositForm: funding.cryptoDepositForm,
  paymentForm: funding.paymentForm,
  fixedDepositForm: funding.fixedDepositForm,
  upgradeForm: funding.upgradeForm,
  submitCryptoDeposit: funding.submitCryptoDeposit,
  submitPayment: funding.submitPayment,
  submitFixedDeposit: funding.submitFixedDeposit,
  submitUpgrade: funding.submitUpgrade,
  transferCharge: transfers.transferCharge,
  confirmTransferPin: transfers.confirmTransferPin,
  confirmTransferCode: transfers.confirmTransferCode,
  submitTransfer: transfers.submitTransfer,
  markNotificationsRead: notifications.markNotificationsRead,
  unreadCount: notifications.unreadCount,
  updateProfile: profile.updateProfile,
  updatePicture: profile.updatePicture,
  keepLanguage: profile.keepLanguage,
  requestEmailChange: emailChange.requestEmailChange,
  confirmEmailChange: emailChange.confirmEmailChange,
  changePasscode: secretChanges.changePasscode,
  changeTransferPin: secretChanges.changeTransferPin,
  keepAlive: sessionTime.keepAlive,
  sessionStatus: sessionTime.sessionStatus,
  deviceList: security.deviceList,
  signOutDevice: security.signOutDevice,
  signOutOtherDevices: security.signOutOtherDevices,
  securityLog: security.securityLog,
  reportNotMe: security.reportNotMe,
  passkeyList: passkeys.passkeyList,
  passkeyRegistrationOptions: passkeys.passkeyRegistrationOptions,
  addPasskey: passkeys.addPasskey,
  renamePasskey: passkeys.renamePasskey,
  removePasskey: passkeys.removePasskey,
  passkeySignInOptions: passkeys.passkeySignInOptions,
  signInWithPasskey: signIn.signInWithPasskey,
  confirmTransferPasskey: passkeys.confirmTransferPasskey,
  payeeList: payees.payeeList,
  insights: insights.insights,
  addPayee: payees.addPayee,
  editPayee: payees.editPayee,
  removePayee: payees.removePayee,
  scheduleTransfer: scheduled.scheduleTransfer,
  scheduledTransfers: scheduled.scheduledTransfers,
  skipScheduledRun: scheduled.skipScheduledRun,
  cancelScheduledSeries: scheduled.cancelScheduledSeries,
}
