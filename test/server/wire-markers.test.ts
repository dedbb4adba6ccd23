import { describe, expect, it } from 'vitest'
import { callByWire, callNames, calls } from '#api/contract'

/**
 * The wire protocol's call markers, spelled as on the wire (issue 23, item 8): the code names
 * calls by readable names, and this list keeps the markers byte for byte. A marker changes here
 * only when the protocol does.
 */
const wire = {
  action: [
    'confirmemail',
    'confirmmypin',
    'confirmtpasskey',
    'confirmtpin',
    'devicesignout',
    'devicesignoutothers',
    'getcdform',
    'getcontact',
    'getdocs',
    'getfdcform',
    'getinstituition',
    'getmpcform',
    'getnc',
    'getnotifications',
    'getperc',
    'getprofile',
    'getreceipt',
    'getsinfo',
    'getstatement',
    'getstatement2',
    'gettrslist',
    'getupgradeform',
    'insights',
    'keepalive',
    'logout',
    'mnotificationar',
    'mnotificationsallar',
    'mydevice',
    'mydevices',
    'mypasskeys',
    'newcd',
    'newfdc',
    'newmpc',
    'newtrs',
    'newupgrade',
    'notme',
    'passkeyadd',
    'passkeynew',
    'passkeyoptions',
    'passkeyremove',
    'passkeyrename',
    'payeeadd',
    'payeeedit',
    'payeelist',
    'payeeremove',
    'pincheck',
    'receiptpdf',
    'requestkyc',
    'resendconfirmcode',
    'resendforgotcode',
    'securitylog',
    'sessionstatus',
    'setlanguage',
    'statementcsv',
    'statementpdf',
    'submit_verification',
    'supdatepin',
    'trscancel',
    'trsschedule',
    'trsscheduled',
    'trsskip',
    'updateemail',
    'updatepic',
    'updatepin',
    'updateprofile',
    'updatepwd',
    'userloginpasskey',
  ],
  crud: ['iduser', 'newuser', 'userforgot', 'userforgotpin', 'userlogin', 'verifyuser'],
} as const

describe('wire markers', () => {
  it('the contract answers to every marker of the protocol, with its kind', () => {
    for (const kind of ['action', 'crud'] as const)
      for (const marker of wire[kind]) {
        const name = callByWire(marker)
        expect(name, marker).toBeDefined()
        if (name === undefined) continue
        expect(calls[name].wire).toBe(marker)
        expect(calls[name].kind, marker).toBe(kind)
      }
  })

  it('no call has a marker outside the list, and no two calls share one', () => {
    const markers = callNames.map((name) => calls[name].wire).sort()
    expect(markers).toEqual([...wire.action, ...wire.crud].sort())
    expect(new Set(markers).size).toBe(markers.length)
  })

  it('a readable name is not a marker', () => {
    for (const name of callNames)
      if ((name as string) !== calls[name].wire) expect(callByWire(name), name).toBeUndefined()
  })
})
