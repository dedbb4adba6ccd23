import type { Handlers } from '../rpc/handler'
import * as account from './account'
import * as notifications from './notifications'
import * as signIn from './sign-in'

/** Every implemented call by name; a call missing here answers 501 "not implemented yet". */
export const handlers: Handlers = {
  iduser: signIn.iduser,
  userlogin: signIn.userlogin,
  logout: signIn.logout,
  getsinfo: signIn.getsinfo,
  getdocs: signIn.getdocs,
  getstatement: account.getstatement,
  getstatement2: account.getstatement2,
  getreceipt: account.getreceipt,
  getprofile: account.getprofile,
  getinstituition: account.getinstituition,
  getcontact: account.getcontact,
  pincheck: account.pincheck,
  getnotifications: notifications.getnotifications,
  mnotificationar: notifications.mnotificationar,
}
