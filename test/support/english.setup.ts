import { i18n } from '@lingui/core'

// The portal's words in English, the spec's: outside a production build Lingui compiles each
// message from its source text, so no catalog needs loading here (docs/decisions/090).
i18n.loadAndActivate({ locale: 'en', messages: {} })
