import type { Page } from 'playwright-core'

/** Driving the flow explorer (src/dev/flow-explorer) as a product owner does: by clicking. */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export function explorerPage(page: Page, origin: string) {
  const diagramSvg = page.locator('[data-testid="diagram"] svg')
  return {
    async open(flow: string) {
      await page.goto(`${origin}/#${flow}`)
      await page.getByRole('heading', { level: 2, name: flow, exact: true }).waitFor()
      await diagramSvg.waitFor({ timeout: 60_000 })
    },
    flowNames: () =>
      page.getByRole('navigation', { name: 'Flows' }).getByRole('link').allTextContents(),
    /** Clicks the step whose label is `label` (a forced branch included). */
    async click(label: string) {
      const pattern = new RegExp(`^${escapeRegExp(label)}( \\(forced\\))?$`)
      const button = page.locator('button.step').filter({ hasText: pattern })
      if ((await button.count()) !== 1) {
        const offered = await page.locator('button.step').allTextContents()
        throw new Error(`no single step "${label}"; offered: ${offered.join(' | ')}`)
      }
      await button.click()
      const alert = page.locator('.explorer-now [role="alert"]')
      if (await alert.count()) throw new Error(`"${label}": ${await alert.textContent()}`)
    },
    /** Clicks the one step whose label starts with `prefix` (e.g. 'RESEND'). */
    async clickStarting(prefix: string) {
      const labels = (await this.steps()).filter((label) => label.startsWith(prefix))
      if (labels.length !== 1) {
        throw new Error(`expected one step starting "${prefix}", found: ${labels.join(' | ')}`)
      }
      await this.click(labels[0] ?? '')
    },
    async steps() {
      return (await page.locator('button.step').allTextContents()).map((text) =>
        text.replace(/ \(forced\)$/, ''),
      )
    },
    async data(eventType: string, json: string) {
      await page.getByLabel(`${eventType} data`).fill(json)
    },
    async restart(inputJson: string) {
      await page.getByLabel('Start input').fill(inputJson)
      await page.getByRole('button', { name: 'Restart' }).click()
    },
    /** The active states, as the page says them ('verifying.code.entering, ...'). */
    current: async () => ((await page.getByTestId('current-state').textContent()) ?? '').trim(),
    /** The labels of the states highlighted in the diagram, once it is redrawn. */
    async highlighted(expected: string): Promise<string[]> {
      const attribute = await page.getByTestId('diagram').getAttribute('data-current')
      const nodes = diagramSvg.locator('g.current')
      await page.waitForFunction(
        (state) =>
          [...document.querySelectorAll('[data-testid="diagram"] svg g.current')].some((node) =>
            node.textContent?.includes(state),
          ),
        expected,
        { timeout: 15_000 },
      )
      return attribute ? await nodes.allTextContents() : []
    },
  }
}

export type ExplorerPage = ReturnType<typeof explorerPage>
