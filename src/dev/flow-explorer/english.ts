import { i18n } from '@lingui/core'

// The flows' words in English, before any flow loads (main.tsx imports this first): outside a
// production build Lingui compiles each message from its source text, so no catalog is needed
// (as in the tests, test/support/english.setup.ts).
i18n.loadAndActivate({ locale: 'en', messages: {} })
