import type { Handlers } from '../rpc/handler'
import * as account from './account'
import * as funding from './funding'
import * as kyc from './kyc'
import * as notifications from './notifications'
import * as passcodeReset from './passcode-reset'
import * as pinCreation from './pin-creation'
import * as pinReset from './pin-reset'
import * as signIn from './sign-in'
import * as signUp from './sign-up'
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
  getstatement: account.getstatement,
  getstatement2: account.getstatement2,
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
}
