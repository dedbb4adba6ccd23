import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { pngFile } from './support/png-file'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  expectAccessible,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/** Screenshots of the form at both widths. */
const shooter = screenshots('kyc-request')

const pngLicence = pngFile('licence.png')

for (const viewport of Object.values(widths)) {
  describe(`the dashboard KYC request in Chromium at ${viewport.width} px`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)
    const shoot = shooter(session, viewport.width)

    it("sends a driver's license to the operators' queue, once", async () => {
      const page = session.page
      await signInDemoCustomer(session)
      await openPage(session, '/dashboard/kyc', 'Identity verification')
      expect(await page.getByText('support@meridian.example').count()).toBe(1)
      expect(await page.getByRole('button', { name: 'Copy verification address' }).count()).toBe(1)
      const type = page.getByLabel('Document type')
      expect(await type.inputValue()).toBe("Driver's License")
      expect(await type.locator('option').allInnerTexts()).toEqual(["Driver's License"])
      await expectAccessible(page)
      await shoot('form')

      // No file: a message under the field, and nothing reaches the queue.
      await page.getByRole('button', { name: 'Request verification' }).click()
      await page.getByText('Add a photo or scan of your document').waitFor()
      expect(await session.portal.runOps('kyc requests', [])).not.toContain(demoCustomer?.email)
      await expectAccessible(page)

      await page.getByLabel(/Your driver's license/).setInputFiles(pngLicence)
      await page.getByText('File Uploaded').waitFor()
      await page.getByRole('button', { name: 'Request verification' }).click()
      await page
        .getByRole('alert')
        .getByText(
          'Your verification request has been sent. We will let you know when it has been checked.',
        )
        .waitFor()
      // The form starts empty again.
      expect(await page.getByText('File Uploaded').count()).toBe(0)
      await expectAccessible(page)
      await shoot('sent')
      const queue = await session.portal.runOps('kyc requests', [])
      expect(queue).toContain(demoCustomer?.email)
      expect(queue).toContain("Driver's License")

      // A second request while the first waits is refused, in the server's words.
      await page.getByLabel(/Your driver's license/).setInputFiles(pngLicence)
      await page.getByRole('button', { name: 'Request verification' }).click()
      await page
        .getByRole('alert')
        .getByText('Your verification request is already waiting for review.')
        .waitFor()
      const requestId = queue.split('\n').find((line) => line.includes(demoCustomer?.email ?? ''))
      expect(requestId).toBeDefined()
      expect(
        await session.portal.runOps('kyc request approve', [requestId?.split('\t')[0] ?? '']),
      ).toContain('is approved')
    })
  })
}
