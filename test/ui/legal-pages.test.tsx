import { readFile } from 'node:fs/promises'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { signupMachine, termsLabel } from '#machines/signup.machine'
import { SignupView } from '#routes/_signed-out/-components/signup-view'
import { LegalPage } from '#routes/-components/legal-page'
import { templateNotice } from '#routes/-components/legal-templates'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

describe('the Terms and Privacy pages', () => {
  it('shows the terms, marked on the page as a template for the bank’s lawyers', async () => {
    await renderInRouter(() => <LegalPage kind="terms" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy()
    expect(screen.getByText(templateNotice())).toBeTruthy()
    expect(templateNotice()).toMatch(/^Template: .*completed by the bank's lawyers/)
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(5)
    expect(document.title).toContain('Terms and Conditions')
    const legal = screen.getByRole('navigation', { name: 'Legal' })
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    )
    expect(within(legal).getByRole('link', { name: 'Open an account' })).toBeTruthy()
  })

  it('shows the privacy policy with the same template line', async () => {
    await renderInRouter(() => <LegalPage kind="privacy" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy()
    expect(screen.getByText(templateNotice())).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms',
    )
  })

  it('is marked as a template in its source, too', async () => {
    const source = await readFile('src/routes/-components/legal-templates.ts', 'utf8')
    expect(source).toContain("TEMPLATE: NOT THE BANK'S LEGAL TEXT.")
    expect(source).toContain("for the bank's lawyers")
  })
})

describe('signup', () => {
  it('links "the following terms" to the Terms and Privacy pages, in a new tab', async () => {
    const actor = createActor(signupMachine, { input: {} }).start()
    await renderInRouter(() => <SignupView actor={actor} />)
    const checkbox = screen.getByRole('checkbox', { name: termsLabel() })
    const note = document.getElementById('signup-terms')
    expect(checkbox.getAttribute('aria-describedby')).toBe('signup-terms')
    expect(note?.textContent).toBe(
      'The terms: our Terms and Conditions and our Privacy Policy (each opens in a new tab).',
    )
    for (const [name, href] of [
      ['Terms and Conditions', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      const link = within(note as HTMLElement).getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(href)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener')
    }
  })
})
