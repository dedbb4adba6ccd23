import * as v from 'valibot'
import { defineCall } from './define'

/**
 * The customer's security (issue 19, docs/decisions/080): the remembered device, its sessions
 * and the sign-in extras. Not in the original spec. The app's client loads these schemas apart
 * from the rest (src/api/client-wire-security.ts), when one of them is first called.
 */

export const rememberedDevice = defineCall({
  wire: 'mydevice',
  kind: 'action',
  access: 'public',
  summary:
    'Login: the e-mail of the customer this browser remembers (Remember me ticked at a sign-in here, 30 days, the HttpOnly device cookie), to fill in step 1; null on any other browser.',
  request: v.object({}),
  response: v.object({ email: v.nullable(v.string()) }),
})
