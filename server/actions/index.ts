import type { Handlers } from '../rpc/handler'
import * as account from './account'
import * as emailChange from './email-change'
import * as funding from './funding'
import * as kyc from './kyc'
import * as notifications from './notifications'
import * as passcodeReset from './passcode-reset'
import * as pinCreation from './pin-creation'
import * as pinReset from './pin-reset'
import * as profile from './profile'
import * as secretChanges from './secret-changes'
import * as sessionTime from './session-time'
import * as signIn from './sign-in'
import * as signUp from './sign-up'
import * as statements from './statements'
import * as transfers from './transfers'

/** Every implemented call by name; a call missing here answers 501 "not implemented yet". */
export const handlers: Handlers = {
  iduser: signIn.iduser,
  userlogin: signIn.userlogin,
  logout: signIn.logout,
  getsinfo: signIn.getsinfo,
  newuser: signUp.newuser,
  verifyuser: signUp.verifyuser,
  resendconfirmcode: signUp.resendconfirmcode,
  userforgot: passcodeReset.userforgot,
  resendforgotcode: passcodeReset.resendforgotcode,
  userforgotpin: pinReset.userforgotpin,
  getdocs: kyc.getdocs,
  submit_verification: kyc.submit_verification,
  requestkyc: kyc.requestkyc,
  getstatement: account.getstatement,
  getstatement2: statements.getstatement2,
  statementcsv: statements.statementcsv,
  statementpdf: statements.statementpdf,
  receiptpdf: statements.receiptpdf,
  getreceipt: account.getreceipt,
  getprofile: account.getprofile,
  getinstituition: account.getinstituition,
  getcontact: account.getcontact,
  pincheck: account.pincheck,
  updatepin: pinCreation.updatepin,
  getnotifications: notifications.getnotifications,
  mnotificationar: notifications.mnotificationar,
  gettrslist: transfers.gettrslist,
  getcdform: funding.getcdform,
  getmpcform: funding.getmpcform,
  getfdcform: funding.getfdcform,
  getupgradeform: funding.getupgradeform,
  newcd: funding.newcd,
  newmpc: funding.newmpc,
  newfdc: funding.newfdc,
  newupgrade: funding.newupgrade,
  getperc: transfers.getperc,
  confirmmypin: transfers.confirmmypin,
  confirmtpin: transfers.confirmtpin,
  newtrs: transfers.newtrs,
  mnotificationsallar: notifications.mnotificationsallar,
  getnc: notifications.getnc,
  updateprofile: profile.updateprofile,
  updatepic: profile.updatepic,
  updateemail: emailChange.updateemail,
  confirmemail: emailChange.confirmemail,
  updatepwd: secretChanges.updatepwd,
  supdatepin: secretChanges.supdatepin,
  keepalive: sessionTime.keepalive,
  sessionstatus: sessionTime.sessionstatus,
}
