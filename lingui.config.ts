import { readdirSync } from 'node:fs'
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * The portal's message catalogs (docs/decisions/090): English, the spec's words and the source,
 * and Spanish. A catalog per dashboard section, loaded with the section; one for the signed-out
 * pages; one for the legal texts; `app` for what every page shares (the design system, the
 * statecharts, the layouts). The staff console stays English (the bank's own staff).
 */
const dashboardSections = readdirSync('src/routes/dashboard', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('-'))
  .map((entry) => entry.name)

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
      path: '<rootDir>/src/i18n/app/{locale}',
      include: [
        '<rootDir>/src/ui',
        '<rootDir>/src/machines',
        '<rootDir>/src/routes/-components',
        '<rootDir>/src/routes/__root.tsx',
        '<rootDir>/src/routes/dashboard.tsx',
        '<rootDir>/src/routes/dashboard/-shared',
        '<rootDir>/src/routes/account',
      ],
      exclude: [
        '<rootDir>/src/routes/-components/legal-page.tsx',
        '<rootDir>/src/routes/-components/legal-templates.ts',
        '<rootDir>/src/machines/staff-*',
      ],
    },
    {
      path: '<rootDir>/src/routes/_signed-out/-locales/{locale}',
      include: ['<rootDir>/src/routes/_signed-out'],
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
