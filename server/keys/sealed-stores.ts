import { totpSecretKind } from '../auth/sealed-secrets'
import { mailBodyKind } from '../mail/sealed-body'
import { documentStore } from '../storage/document-store'
import { columnStore } from './column-store'
import type { SealedStore } from './sealed-store'

/**
 * Every place that keeps values sealed under the key ring (docs/decisions/105), in the order
 * `keys rotate` re-seals them. A new one is one more entry here.
 */
export const sealedStores: readonly SealedStore[] = [
  columnStore({
    name: 'queued e-mail',
    table: 'mail_outbox',
    columns: ['text_body', 'html_body'],
    kind: mailBodyKind,
  }),
  columnStore({
    name: 'authenticator secrets',
    table: 'staff',
    columns: ['totp_secret', 'totp_pending_secret'],
    kind: totpSecretKind,
  }),
  documentStore,
]
