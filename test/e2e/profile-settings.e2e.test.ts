import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { codeIn, waitForMail } from './support/mailbox'
import { pngFile } from './support/png-file'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  expectAccessible,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/**
 * Profile and Settings in Chromium at both widths. Each width's block has its own portal and
 * database (useChromiumSession), so changing the demo customer's passcode, PIN and e-mail here
 * touches no other journey.
 */

/** Screenshots of each screen at both widths. */
const shooter = screenshots('profile-settings')

const pngPicture = pngFile('me.png')

const notAPicture = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }

/** Typed as every date of the portal is written: dd/mm/yyyy (decision 065). */
const underEighteen = `05/05/${new Date().getUTCFullYear() - 10}`

for (const [device, viewport] of Object.entries(widths)) {
  describe(`profile and settings in Chromium at ${viewport.width} px`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)
    const shoot = shooter(session, device)

    it('changes the picture, refusing a file that is not one before sending it', async () => {
      await signInDemoCustomer(session)
      const page = session.page
      await openPage(session, '/dashboard/profile', 'Profile')
      await expectAccessible(page)
      await shoot('1-profile')

      // The picture: a text file is refused before anything is sent, a PNG is shown and saved.
      const pictureInput = page.getByLabel('New profile picture')
      await pictureInput.setInputFiles(notAPicture)
      await page.getByRole('button', { name: 'Save picture' }).click()
      await page.getByText('Wrong file type: PNG, JPEG, GIF or WebP only').waitFor()
      await expectAccessible(page)
      await pictureInput.setInputFiles(pngPicture)
      await page.getByRole('img', { name: 'Preview of me.png' }).waitFor()
      await page.getByRole('button', { name: 'Save picture' }).click()
      await page.getByText('Action Successful! Your profile picture has been updated.').waitFor()
      const avatar = page.locator('#profile-name').locator('xpath=../..').locator('img')
      await expect.poll(() => avatar.getAttribute('src')).toMatch(/\/uploads\/pictures\//)
    })

    it('edits the profile, refusing an under-18 date of birth and a local phone number', async () => {
      await signInDemoCustomer(session)
      const page = session.page
      await openPage(session, '/dashboard/profile', 'Profile')

      // The form: an under-18 date of birth and a local phone number are refused.
      await page.getByLabel('Phone').fill('555 0100')
      await page.getByLabel('Date of birth').fill(underEighteen)
      await page.getByRole('button', { name: 'Save profile' }).click()
      await page.getByText('You must be at least 18 years old').waitFor()
      await page.getByText('Phone must be in international form').waitFor()
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe(await page.getByLabel('Phone').getAttribute('id'))
      await expectAccessible(page)
      await shoot('2-profile-invalid')

      await page.getByLabel('Phone').fill('+1 (555) 010-0200')
      await page.getByLabel('Date of birth').fill('12/04/1990')
      await page.getByLabel('Gender').selectOption('Female')
      await page.getByLabel('Marital status').selectOption('Married')
      await page.getByLabel('Country').selectOption('Canada')
      await page.getByLabel('Home address').fill('12 Harbour Road, Halifax')
      await page.getByLabel('Next of kin').fill('Sam Morgan')
      await page.getByRole('button', { name: 'Save profile' }).click()
      await page.getByText('Action Successful! Your profile has been updated.').waitFor()
      await shoot('3-profile-saved')

      // Read again from the server: stored, the phone without its spaces and brackets.
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
      expect(await page.getByLabel('Phone').inputValue()).toBe('+15550100200')
      expect(await page.getByLabel('Date of birth').inputValue()).toBe('12/04/1990')
      expect(await page.getByLabel('Country').inputValue()).toBe('Canada')
      expect(await page.getByLabel('Marital status').inputValue()).toBe('Married')
    })

    it('changes the e-mail by code, the passcode (a wrong one says the tries left) and the PIN', async () => {
      await signInDemoCustomer(session)
      const page = session.page
      const oldAddress = demoCustomer?.email ?? ''
      const newAddress = `dana.${device}@example.com`
      await openPage(session, '/dashboard/settings', 'Settings')
      await expectAccessible(page)
      await shoot('4-settings')

      // E-mail: Save stays disabled until the pattern matches; then the code from the new inbox.
      const save = page.getByRole('button', { name: 'Save', exact: true })
      await page.getByLabel('New e-mail address').fill('dana.example.com')
      expect(await save.isDisabled()).toBe(true)
      await page.getByLabel('New e-mail address').fill(newAddress)
      expect(await save.isEnabled()).toBe(true)
      await save.click()
      await page.getByText(`Code sent to ${newAddress}`).waitFor()
      await expectAccessible(page)
      await shoot('5-email-code')
      const mail = await waitForMail(session.portal.dataDir, {
        to: newAddress,
        subject: 'confirm your new e-mail address',
      })
      // A wrong code is refused and empties the cells; the right one typed over them is taken.
      const code = codeIn(mail)
      const wrong = code === '111111' ? '222222' : '111111'
      await page.getByLabel('Digit 1 of 6').click()
      await page.keyboard.type(wrong)
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByText(/^Invalid or expired code\./).waitFor()
      const cells = page.getByLabel(/^Digit \d of 6$/)
      await expect
        .poll(async () =>
          (
            await cells.evaluateAll((all) => all.map((cell) => (cell as HTMLInputElement).value))
          ).join(''),
        )
        .toBe('')
      await page.getByLabel('Digit 1 of 6').click()
      await page.keyboard.type(code)
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page
        .getByText(/^Action Successful!/)
        .first()
        .waitFor()
      await page.getByText(`Current address: ${newAddress}`).waitFor()
      const told = await waitForMail(session.portal.dataDir, {
        to: oldAddress,
        subject: 'your e-mail address was changed',
      })
      expect(told.text).not.toContain(newAddress)

      // Passcode: a confirmation that differs says so and keeps Save disabled.
      const passcode = page.getByRole('region', { name: 'Passcode' })
      const savePasscode = passcode.getByRole('button', { name: 'Save passcode' })
      await passcode.getByLabel('Current passcode').fill('000000')
      await passcode.getByLabel('New passcode', { exact: true }).fill('654321')
      await passcode.getByLabel('Confirm new passcode').fill('654320')
      await passcode.getByText('Password Mismatch').waitFor()
      expect(await savePasscode.isDisabled()).toBe(true)
      await passcode.getByLabel('Confirm new passcode').fill('654321')
      await savePasscode.click()
      await passcode.getByText(/The current passcode is wrong\. 4 attempts left/).waitFor()
      await expectAccessible(page)
      await shoot('6-passcode-wrong')
      await passcode.getByLabel('Current passcode').fill(demoCustomer?.secret ?? '')
      await savePasscode.click()
      await passcode.getByText(/^Action Successful! Your passcode has been changed\./).waitFor()
      expect(await passcode.getByLabel('Current passcode').inputValue()).toBe('')

      // PIN: changed with the current one.
      const pin = page.getByRole('region', { name: 'Transaction PIN' })
      await pin.getByLabel('Current PIN').fill(demoCustomer?.pin ?? '')
      await pin.getByLabel('New PIN', { exact: true }).fill('4321')
      await pin.getByLabel('Confirm new PIN').fill('4321')
      await pin.getByRole('button', { name: 'Save PIN' }).click()
      await pin.getByText('Action Successful! Your transaction PIN has been changed.').waitFor()

      // Reset PIN by e-mail: the spec's words, and the link goes to the new address.
      const reset = page.getByRole('region', { name: 'Reset PIN' })
      await reset.getByRole('button', { name: 'Reset PIN' }).click()
      await reset
        .getByText(
          'We have sent a link to reset your PIN to your registered email address. Please check your inbox.',
        )
        .waitFor()
      await waitForMail(session.portal.dataDir, {
        to: newAddress,
        subject: 'reset your transaction PIN',
      })
      await expectAccessible(page)
      await shoot('7-settings-done')

      // The new passcode signs in with the new address.
      const answer = await session.portal.call('?crud=userlogin', {
        email: newAddress,
        password: '654321',
      })
      expect(answer.error).toBe(false)
    })

    it('tells the tries left on the login passcode step', async () => {
      const page = session.page
      await page.goto(`${session.portal.url}/account/login`)
      await page.getByLabel('E-mail address').fill(`dana.${device}@example.com`)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('Passcode', { exact: true }).fill('111111')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText('Invalid Credentials. 4 attempts left.').waitFor()
      const alert = page.getByRole('alert').filter({ hasText: 'Invalid Credentials' })
      expect(await alert.innerText()).toContain('Invalid Credentials. 4 attempts left.')
      // Still on the passcode step, signed out, with the field there for the next try.
      expect(new URL(page.url()).pathname).toBe('/wp-user/account/login')
      expect(await page.getByLabel('Passcode', { exact: true }).isVisible()).toBe(true)
      expect(
        await page.evaluate(
          () => window.localStorage.getItem('baUid') ?? window.sessionStorage.getItem('baUid'),
        ),
      ).toBeNull()
      await expectAccessible(page)
      await shoot('8-login-tries-left')
    })
  })
}
