import type { Page } from 'playwright-core'
import { demoCustomer } from './signed-in'

/**
 * Signing in through login's two steps, as a customer does (docs/decisions/080): the e-mail
 * (left as the page filled it when `email` is null), the passcode, Remember me as asked, then
 * Continue to the dashboard.
 */
export async function signInThroughLogin(
  page: Page,
  url: string,
  options: { email?: string | null; passcode?: string; remember: boolean },
) {
  if (!demoCustomer) throw new Error('no demo customer in the seed')
  const { email = demoCustomer.email, passcode = demoCustomer.secret, remember } = options
  await page.goto(`${url}/account/login`)
  const field = page.getByLabel('E-mail address')
  if (email !== null) await field.fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Passcode').fill(passcode)
  const box = page.getByLabel('Remember me')
  if ((await box.isChecked()) !== remember) await box.click()
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: 'Continue to your dashboard' }).click()
  await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
}

/** Logout from the profile menu; login opens. */
export async function logOutFromProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu for Dana Morgan' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
}
