import { readdirSync } from 'node:fs'
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * The portal's message catalogs (docs/decisions/090): English, the spec's words and the source,
 * and Spanish. `app` for what every page shares; one for the signed-out pages; `dashboard` for
 * the signed-in frame; one per dashboard section, loaded with the section; one for the legal
 * texts. The staff console stays English (the bank's own staff).
 */
const dashboardSections = readdirSync('src/routes/dashboard', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('-'))
  .map((entry) => entry.name)

/**
 * The statecharts (src/machines) by where they run, so a page loads the words of its own: a
 * statechart both areas run is in `app`, which every page loads. A statechart's file not listed
 * here has no words of its own (the staff console's are English).
 */
const everyPage = [
  'app-provided',
  'logout.machine',
  'one-time-code.machine',
  'reset.machine',
  'reset-rules',
  'session-ended',
  'session-timeout.machine',
  'session-timeout.words',
]
const signedOut = [
  'forgot.machine',
  'kyc-review.machine',
  'kyc.machine',
  'login.machine',
  'not-me.machine',
  'notice.machine',
  'passkey-sign-in.machine',
  'signup.machine',
  'verify.machine',
]
const signedIn = [
  'email-change.machine',
  'file-download.machine',
  'insights.machine',
  'kyc-request.machine',
  'notifications.machine',
  'passkey-enrolment.machine',
  'payee-editor.machine',
  'payee-entry',
  'pin-creation.machine',
  'proof-of-payment.machine',
  'scheduled-transfers.machine',
  'send.machine',
  'send.rules',
  'settings-form.machine',
  'settings-forms',
  'statements.machine',
]
const sessionTimeoutView = '<rootDir>/src/routes/dashboard/-shared/layout/session-timeout-view.tsx'

const machines = (names: string[]) => names.map((name) => `<rootDir>/src/machines/${name}.ts`)

const section = (name: string) => ({
  path: `<rootDir>/src/routes/dashboard/${name}/-locales/{locale}`,
  include: [`<rootDir>/src/routes/dashboard/${name}`],
})

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      // Every page: the design system, the shared screens and the statecharts both areas run.
      path: '<rootDir>/src/i18n/app/{locale}',
      include: [
        '<rootDir>/src/ui',
        '<rootDir>/src/routes/-components',
        '<rootDir>/src/routes/__root.tsx',
        // Its loading screen shows before the signed-in catalog has loaded.
        '<rootDir>/src/routes/dashboard.tsx',
        // The idle warning, which the staff console shows too.
        sessionTimeoutView,
        '<rootDir>/src/routes/account',
        ...machines(everyPage),
      ],
      exclude: [
        '<rootDir>/src/routes/-components/legal-page.tsx',
        '<rootDir>/src/routes/-components/legal-templates.ts',
      ],
    },
    {
      path: '<rootDir>/src/routes/_signed-out/-locales/{locale}',
      include: ['<rootDir>/src/routes/_signed-out', ...machines(signedOut)],
    },
    {
      // The signed-in frame (layout, menus, shared parts) and the sections' statecharts.
      path: '<rootDir>/src/routes/dashboard/-locales/{locale}',
      include: ['<rootDir>/src/routes/dashboard/-shared', ...machines(signedIn)],
      exclude: [sessionTimeoutView],
    },
    {
      path: '<rootDir>/src/i18n/legal/{locale}',
      include: [
        '<rootDir>/src/routes/terms.tsx',
        '<rootDir>/src/routes/privacy.tsx',
        '<rootDir>/src/routes/-components/legal-page.tsx',
        '<rootDir>/src/routes/-components/legal-templates.ts',
      ],
    },
    ...dashboardSections.map(section),
  ],
})
