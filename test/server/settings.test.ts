import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type SettingsAreaName,
  type SettingsContent,
  type SettingsInput,
  settingsAreas,
} from '#api/contract/staff/settings-areas'
import {
  approvals,
  bankAccounts,
  bankSettings,
  coinTypes,
  fourEyesSettings,
  settingsVersions,
  staff,
} from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { type EnrolledStaff, enrolWithTotp, signInWithTotp } from './support/staff'
import { callAs, enrolTeam, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The settings the forms read, under four eyes, with history (issue 18, docs/decisions/078):
 * a change of an area is a proposal that applies nothing until a second person with the
 * configuration role approves it; the maker never approves their own; an approval is refused
 * when another version landed since, or it expired; every area refuses bad input in words and
 * changes nothing; every version is kept with who proposed and who approved it.
 */

const sentForApproval =
  /^Sent for approval: a second member of staff with the configuration role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

const bitcoin = 'Bitcoin (BTC)'
const newAddress = 'tb1qnewdepositaddress0000000000000000000000'

interface AreaPage<A extends SettingsAreaName> {
  version: number
  content: SettingsContent<A>
  versions: {
    id: number
    version: number | null
    status: string
    source: string
    based_on: number | null
    content: SettingsContent<A>
    proposed_by: { name: string } | null
    approved_by: { name: string } | null
    approval: { id: number; status: string } | null
  }[]
}

describe.each(databaseTargets)('settings under four eyes on %s', (target) => {
  let t: TestApp
  let team: Team
  let maker: EnrolledStaff
  let checker: EnrolledStaff
  let checker2: EnrolledStaff

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'settings')
    maker = await enrolWithTotp(t, team.admin.actor, 'settings-maker@staff.test', ['configuration'])
    checker = await enrolWithTotp(t, team.admin.actor, 'settings-checker@staff.test', [
      'configuration',
    ])
    checker2 = await enrolWithTotp(t, team.admin.actor, 'settings-checker2@staff.test', [
      'configuration',
    ])
    await t.db.update(staff).set({ name: 'Gia Moss' }).where(eq(staff.id, maker.id))
    await t.db.update(staff).set({ name: 'Hal Ortiz' }).where(eq(staff.id, checker.id))
  })
  afterAll(() => t.close())

  async function page<A extends SettingsAreaName>(area: A, person = maker) {
    const answer = await callAs(t, person, 'settingsarea', { area })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as AreaPage<A>
  }

  /** The area's current version as its form has it, changed by `change`. */
  async function edited<A extends SettingsAreaName>(
    area: A,
    change: (input: SettingsInput<A>) => void,
  ) {
    const { version, content } = await page(area)
    const input = structuredClone(
      (settingsAreas[area].toInput as (c: SettingsContent<A>) => SettingsInput<A>)(content),
    )
    change(input)
    return { version, input }
  }

  const propose = (
    area: SettingsAreaName,
    version: number,
    input: unknown,
    person = maker,
    note?: string,
  ) =>
    callAs(t, person, 'settingspropose', {
      area,
      based_on: String(version),
      content: JSON.stringify(input),
      ...(note ? { note } : {}),
    })

  /** Proposes and expects it sent for approval; the approval's id. */
  async function proposed(area: SettingsAreaName, version: number, input: unknown, note?: string) {
    const answer = await propose(area, version, input, maker, note)
    expect(answer.body.status, answer.body.message as string).toBe(true)
    const id = sentForApproval.exec(answer.body.message as string)?.[1]
    expect(id, answer.body.message as string).toBeDefined()
    return id as string
  }

  const decide = (person: EnrolledStaff, id: string, fields: Record<string, string>) =>
    callAs(t, person, 'approvaldecide', { id, ...fields })

  /** The demo customer's session (signed in anew: the clock moves on in some tests). */
  const customerToken = () => {
    const [demo] = demoCredentials
    return t.login(demo.email, demo.secret)
  }

  const depositAddress = async () => {
    const form = await t.action('cryptoDepositForm', { token: await customerToken() })
    const addresses = form.body.addresses as { type: string; address: string }[]
    return addresses.find((row) => row.type === bitcoin)?.address
  }

  const versionCount = async () => (await t.db.select().from(settingsVersions)).length
  const approvalCount = async () => (await t.db.select().from(approvals)).length

  it('seeds version 1 of each area from the tables when it is first read', async () => {
    const list = await callAs(t, team.auditor, 'settingslist')
    expect(list.status).toBe(200)
    const areas = list.body.areas as { area: string; version: number; source: string }[]
    expect(areas.map((row) => [row.area, row.version, row.source])).toEqual(
      Object.keys(settingsAreas).map((area) => [area, 1, 'tables']),
    )
    // Reading again writes nothing: the tables still hold version 1.
    const before = await versionCount()
    await callAs(t, team.auditor, 'settingslist')
    expect(await versionCount()).toBe(before)
    const coins = await page('coins')
    expect(coins.content.coins.map((coin) => coin.name)).toEqual([
      bitcoin,
      'Ethereum (ETH)',
      'Tether (USDT TRC20)',
    ])
    expect(coins.versions).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'applied',
        source: 'tables',
        proposed_by: null,
      }),
    ])
  })

  it('a deposit address change applies nothing before approval; approved, the deposit form shows it', async () => {
    const oldAddress = await depositAddress()
    const { version, input } = await edited('coins', (form) => {
      const coin = form.coins.find((row) => row.name === bitcoin)
      if (coin) coin.address = newAddress
    })
    const id = await proposed('coins', version, input, 'The old wallet is retired.')

    // Nothing applied: the customer's form and the table still have the old address.
    expect(await depositAddress()).toBe(oldAddress)
    const [row] = await t.db.select().from(coinTypes).where(eq(coinTypes.name, bitcoin))
    expect(row?.address).toBe(oldAddress)

    // The inbox shows the change, one row for the coin, only what changes.
    const inbox = await callAs(t, checker, 'approvallist')
    expect(inbox.body.approvals).toContainEqual(
      expect.objectContaining({
        id: Number(id),
        action: 'settings change',
        item_kind: 'settings_version',
        may_decide: true,
        maker_note: 'The old wallet is retired.',
        shown: expect.objectContaining({
          kind: 'settings',
          customer_id: null,
          amount: null,
          detail: `Coins and deposit addresses, changed from version ${version}`,
          changes: [
            {
              field: `Coin ${bitcoin}`,
              from: `Address: ${oldAddress}`,
              to: `Address: ${newAddress}`,
            },
          ],
        }),
      }),
    )

    // The maker may not approve it; a person without the configuration role may not either.
    expect((await decide(maker, id, { decision: 'approve' })).body).toEqual({
      status: false,
      message: 'You sent this for approval: a second member of staff must approve or reject it.',
    })
    expect((await decide(team.payments, id, { decision: 'approve' })).body).toEqual({
      status: false,
      message: 'This needs the role configuration; you hold payments.',
    })
    expect(await depositAddress()).toBe(oldAddress)

    // The second configuration person approves it: it applies, and becomes the current version.
    expect((await decide(checker, id, { decision: 'approve' })).body).toEqual({
      status: true,
      message: `Approval ${id} approved: The coins and deposit addresses are now version ${version + 1}.`,
    })
    expect(await depositAddress()).toBe(newAddress)

    // The history: newest first, with who proposed and who approved it.
    const after = await page('coins', team.auditor)
    expect(after.version).toBe(version + 1)
    expect(after.versions[0]).toMatchObject({
      version: version + 1,
      status: 'applied',
      source: 'proposal',
      based_on: version,
      proposed_by: { name: 'Gia Moss' },
      approved_by: { name: 'Hal Ortiz' },
      approval: { id: Number(id), status: 'approved' },
    })
    expect(after.versions[0]?.content.coins.find((coin) => coin.name === bitcoin)?.address).toBe(
      newAddress,
    )
    expect(after.versions.at(-1)).toMatchObject({ version: 1, source: 'tables' })
    // Applied as proposed: reading the tables finds the version, and writes none of its own.
    const count = await versionCount()
    await page('coins')
    expect(await versionCount()).toBe(count)

    // Approved once: a second approval is refused, naming who approved it.
    expect((await decide(checker, id, { decision: 'approve' })).body).toEqual({
      status: false,
      message: expect.stringMatching(new RegExp(`^Hal Ortiz approved approval ${id} at `)),
    })
  })

  it('refuses an approval as stale when another version of the area landed since', async () => {
    const first = await edited('purposes', (form) => form.purposes.push('School fees'))
    const second = await edited('purposes', (form) => form.purposes.push('Rent'))
    const firstId = await proposed('purposes', first.version, first.input)
    const secondId = await proposed('purposes', second.version, second.input)
    expect((await decide(checker, firstId, { decision: 'approve' })).body.status).toBe(true)

    const stale = await decide(checker, secondId, { decision: 'approve' })
    expect(stale.body).toEqual({
      status: false,
      message: expect.stringMatching(
        new RegExp(
          `^Approval ${secondId} refused: Since it was proposed on version ${first.version}, version ${first.version + 1} of the payment purposes \\(proposed by Gia Moss and approved by Hal Ortiz at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}\\) was applied: propose the change again on it\\. Nothing was applied\\.$`,
        ),
      ),
    })
    const form = await t.action('paymentForm', { token: await customerToken() })
    const purposes = (form.body.purposes as { purposeName: string }[]).map(
      (purpose) => purpose.purposeName,
    )
    expect(purposes).toContain('School fees')
    expect(purposes).not.toContain('Rent')
    const history = await page('purposes')
    expect(history.versions[0]).toMatchObject({ status: 'dropped', version: null })
    expect(
      (
        await t.db
          .select()
          .from(approvals)
          .where(eq(approvals.id, Number(secondId)))
      )[0]?.status,
    ).toBe('refused_stale')

    // A proposal made on a version that is no longer current is refused at once.
    const late = await propose('purposes', first.version, second.input)
    expect(late.body).toEqual({
      status: false,
      message: expect.stringMatching(
        new RegExp(
          `^Since you opened version ${first.version}, version ${first.version + 1} of the payment purposes .* was applied\\. Nothing was proposed: make your change again on it\\.$`,
        ),
      ),
    })
  })

  it('of two proposals on one version approved at once, one applies and the other is stale', async () => {
    const first = await edited('plans', (form) => {
      const plan = form.upgrades[0]
      if (plan) plan.description = 'First description'
    })
    const second = await edited('plans', (form) => {
      const plan = form.upgrades[0]
      if (plan) plan.description = 'Second description'
    })
    const ids = [
      await proposed('plans', first.version, first.input),
      await proposed('plans', second.version, second.input),
    ]
    const answers = await Promise.all([
      decide(checker, ids[0] as string, { decision: 'approve' }),
      decide(checker2, ids[1] as string, { decision: 'approve' }),
    ])
    const done = answers.filter((answer) => answer.body.status === true)
    expect(done, JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(1)
    const other = answers.find((answer) => answer.body.status !== true)
    expect(other?.body.message).toMatch(
      /refused: Since it was proposed on version \d+, version \d+ of the plans/,
    )
    const history = await page('plans')
    expect(history.version).toBe(first.version + 1)
    expect(history.versions.filter((row) => row.status === 'applied')).toHaveLength(
      first.version + 1,
    )
  })

  it('refuses an approval as stale when the tables were changed outside the console', async () => {
    const { version, input } = await edited('charges', (form) => {
      form.service_charge = '9'
    })
    const id = await proposed('charges', version, input)
    await t.db.update(bankSettings).set({ stepUpNewPayee: false })
    const stale = await decide(checker, id, { decision: 'approve' })
    expect(stale.body.message).toBe(
      `Approval ${id} refused: The service charge and step-up limits were changed outside the console since version ${version}: propose the change again on them. Nothing was applied.`,
    )
    const [settings] = await t.db.select().from(bankSettings)
    expect(settings?.serviceChargeBasisPoints).toBe(1000)
    // The next read keeps what was found as a version of its own.
    const history = await page('charges')
    expect(history.versions[0]).toMatchObject({
      version: version + 1,
      source: 'tables',
      content: expect.objectContaining({ step_up_new_payee: false }),
    })
    await t.db.update(bankSettings).set({ stepUpNewPayee: true })
  })

  it('a threshold change waits for a second person too, then holds', async () => {
    const { version, input } = await edited('four-eyes', (form) => {
      const rule = form.rules.find((row) => row.rule === 'requests confirm deposit')
      if (rule) rule.threshold = '500.00'
    })
    const id = await proposed('four-eyes', version, input)
    const threshold = async () =>
      (
        await t.db
          .select()
          .from(fourEyesSettings)
          .where(eq(fourEyesSettings.action, 'requests confirm deposit'))
      )[0]?.threshold
    expect(await threshold()).toBe(1_000_000)
    const inbox = await callAs(t, checker, 'approvalcase', { id })
    expect((inbox.body.shown as { changes: unknown }).changes).toEqual([
      {
        field: 'Confirming a deposit',
        from: 'Above: $10,000.00',
        to: 'Above: $500.00',
      },
    ])
    expect((await decide(checker, id, { decision: 'approve' })).body.status).toBe(true)
    expect(await threshold()).toBe(50_000)
  })

  it('an expired proposal is refused, dropped, and applies nothing', async () => {
    const { version, input } = await edited('contact', (form) => {
      form.phone = '+1 555 0100 999'
    })
    const id = await proposed('contact', version, input)
    t.clock.advance(24 * 3_600_000 + 60_000)
    for (const person of [
      maker,
      checker,
      team.admin,
      team.auditor,
      team.payments,
      team.support,
      team.kyc,
    ])
      person.jar = await signInWithTotp(t, person)
    const late = await decide(checker, id, { decision: 'approve' })
    expect(late.body.message).toMatch(
      new RegExp(
        `^Approval ${id} expired at .*; nothing was applied\\. The maker may propose it again\\.$`,
      ),
    )
    const [settings] = await t.db.select().from(bankSettings)
    expect(settings?.contactPhone).toBe('+1 555 0100 200')
    expect((await page('contact')).versions[0]).toMatchObject({ status: 'dropped' })
  })

  it('a rejection needs a reason, applies nothing and drops the proposal', async () => {
    const { version, input } = await edited('plans', (form) => {
      form.upgrades.push({ name: 'Tier 4', price: '50000', description: 'For businesses' })
    })
    const id = await proposed('plans', version, input)
    const rejected = await decide(checker, id, { decision: 'reject', reason: 'Not yet priced.' })
    expect(rejected.body).toEqual({
      status: true,
      message: `Approval ${id} rejected; nothing was applied and the settings change is dropped.`,
    })
    const form = await t.action('upgradeForm', { token: await customerToken() })
    expect((form.body.plans as { planName: string }[]).map((plan) => plan.planName)).not.toContain(
      'Tier 4',
    )
  })

  it('changed institution details reach the accounts that had the old ones, once approved', async () => {
    const customer = await createCustomer(t)
    const own = await createCustomer(t)
    await t.db
      .update(bankAccounts)
      .set({ swiftCode: 'OWNBGB2L' })
      .where(eq(bankAccounts.userId, own.id))
    const { version, input } = await edited('contact', (form) => {
      form.swift = 'mrdnus44'
    })
    const id = await proposed('contact', version, input)
    const swiftOf = async (userId: number) =>
      (await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0]?.swiftCode
    expect(await swiftOf(customer.id)).toBe('MRDNUS33')
    const approved = await decide(checker, id, { decision: 'approve' })
    expect(approved.body.message).toMatch(
      /^Approval \d+ approved: The contact and institution details are now version \d+\. \d+ accounts with the bank's earlier institution details show the new ones\.$/,
    )
    expect(await swiftOf(customer.id)).toBe('MRDNUS44')
    expect(await swiftOf(own.id)).toBe('OWNBGB2L')
    const details = await t.action('institutionDetails', { token: await customerToken() })
    expect(details.body.swiftCode).toBe('MRDNUS44')
  })

  describe('refuses bad input in words and changes nothing', () => {
    const cases: [SettingsAreaName, (input: never) => void, string][] = [
      [
        'coins',
        (form: SettingsInput<'coins'>) => {
          const coin = form.coins[0]
          if (coin) coin.explorer = 'http://mempool.space/tx/{hash}'
        },
        `Coin ${bitcoin}: the explorer must be an https address with {hash} where the hash goes, e.g. https://mempool.space/testnet4/tx/{hash}.`,
      ],
      [
        'coins',
        (form: SettingsInput<'coins'>) => {
          const coin = form.coins[1]
          if (coin) coin.hash_format = 'base58' as never
        },
        'Coin Ethereum (ETH): the hash format must be one of hex64, 0x-hex64, hex64-or-0x.',
      ],
      [
        'coins',
        (form: SettingsInput<'coins'>) => {
          form.coins.pop()
        },
        'Coin Tether (USDT TRC20) stays on record (requests name it): untick Offered instead of removing it.',
      ],
      [
        'purposes',
        (form: SettingsInput<'purposes'>) => {
          form.purposes.push('card bill')
        },
        'Purpose card bill is listed twice.',
      ],
      [
        'plans',
        (form: SettingsInput<'plans'>) => {
          const plan = form.fixed_deposits[0]
          if (plan) plan.rate = '4.555'
        },
        'Fixed deposit 3 months at 4.0%: the yearly rate must be a percent from 0 to below 100, with at most 2 decimals.',
      ],
      [
        'plans',
        (form: SettingsInput<'plans'>) => {
          const plan = form.upgrades[0]
          if (plan) plan.price = '0'
        },
        'Upgrade Tier 2: the price must be above 0.',
      ],
      [
        'charges',
        (form: SettingsInput<'charges'>) => {
          form.service_charge = '100'
          form.step_up_default = '1000000000.01'
        },
        'The service charge must be a percent from 0 to below 100, with at most 2 decimals. The step-up limit must be at most 1,000,000,000.00.',
      ],
      [
        'contact',
        (form: SettingsInput<'contact'>) => {
          form.email = 'help at meridian'
          form.whatsapp = '555 0100'
        },
        'The WhatsApp number must be in international form: + and the country code, e.g. +15550100200. The e-mail address must look like name@example.com.',
      ],
      [
        'four-eyes',
        (form: SettingsInput<'four-eyes'>) => {
          const broadcast = form.rules.find((row) => row.rule === 'broadcast send')
          if (broadcast) broadcast.threshold = '100.00'
          const settle = form.rules.find((row) => row.rule === 'transfers settle')
          if (settle) settle.expiry_minutes = '0'
        },
        'Rule transfers settle: the expiry in minutes must be a whole number from 1 to 10080. Rule broadcast send: the threshold is not taken: every such change needs a second person, whatever it is.',
      ],
    ]

    it.each(cases)('%s, case %#', async (area, change, message) => {
      const { version, input } = await edited(area, change as (input: unknown) => void)
      const [versions, pending] = [await versionCount(), await approvalCount()]
      expect((await propose(area, version, input)).body).toEqual({ status: false, message })
      expect([await versionCount(), await approvalCount()]).toEqual([versions, pending])
    })

    it('nothing to change, and content that is no JSON', async () => {
      const { version, input } = await edited('coins', () => {})
      expect((await propose('coins', version, input)).body).toEqual({
        status: false,
        message: `Nothing would change: the coins and deposit addresses are so already (version ${version}).`,
      })
      const broken = await callAs(t, maker, 'settingspropose', {
        area: 'coins',
        based_on: String(version),
        content: '{"coins": [',
      })
      expect(broken.status).toBe(400)
      expect(broken.body.message).toBe('The settings must be the settings as JSON.')
      const unknownArea = await callAs(t, maker, 'settingsarea', { area: 'salaries' })
      expect(unknownArea.status).toBe(400)
      expect(unknownArea.body.message).toBe(
        'The settings area must be one of coins, purposes, plans, charges, contact, four-eyes.',
      )
    })
  })

  it('only the configuration role proposes; the auditor reads; others neither', async () => {
    const { version, input } = await edited('coins', (form) => {
      const coin = form.coins[0]
      if (coin) coin.network = 'Bitcoin testnet4'
    })
    for (const person of [team.auditor, team.payments, team.support, team.admin])
      expect((await propose('coins', version, input, person)).status, person.email).toBe(403)
    expect((await callAs(t, team.auditor, 'settingsarea', { area: 'coins' })).status).toBe(200)
    for (const person of [team.payments, team.support, team.kyc, team.admin])
      expect(
        (await callAs(t, person, 'settingsarea', { area: 'coins' })).status,
        person.email,
      ).toBe(403)
  })

  it('npm run ops -- config proposes when run --as a member of staff, and approvals approve applies it', async () => {
    const ops = (argv: string[], as: string) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const proposedAtTerminal = await ops(
      ['config', 'coin-set', bitcoin, 'tb1qfromtheterminal000000000000000000000'],
      maker.email,
    )
    expect(proposedAtTerminal.exitCode, proposedAtTerminal.output).toBe(0)
    const id = sentForApproval.exec(proposedAtTerminal.output)?.[1] as string
    expect(id).toBeDefined()
    expect(await depositAddress()).toBe(newAddress)
    const refused = await ops(['config', 'charge', '101'], maker.email)
    expect(refused).toEqual({
      exitCode: 1,
      output: 'The service charge must be a percent from 0 to below 100, with at most 2 decimals.',
    })
    expect((await ops(['approvals', 'approve', id], maker.email)).exitCode).toBe(1)
    const approved = await ops(['approvals', 'approve', id], checker.email)
    expect(approved.output).toMatch(
      /^Approval \d+ approved: The coins and deposit addresses are now version \d+\.$/,
    )
    expect(await depositAddress()).toBe('tb1qfromtheterminal000000000000000000000')
    const [latest] = await t.db
      .select()
      .from(settingsVersions)
      .where(eq(settingsVersions.area, 'coins'))
      .orderBy(desc(settingsVersions.id))
      .limit(1)
    expect(latest).toMatchObject({
      status: 'applied',
      proposedByStaffId: maker.id,
      approvedByStaffId: checker.id,
    })
    const shown = await ops(['config', 'show'], team.auditor.email)
    expect(shown.output).toContain(
      `${bitcoin}\ttb1qfromtheterminal000000000000000000000\ttrue\tBitcoin testnet\thex64`,
    )
  })
})
