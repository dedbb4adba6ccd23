import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '#api/contract'
import { maxUploadBytes } from '#api/contract/fields'
import { toDecimalString } from '#api/money'
import { fundingMessages } from '#server/actions/funding'
import {
  balanceOf,
  bankAccountCodes,
  customerAccountCode,
  fixedDepositAccountCode,
  ledgerSums,
} from '#server/db/ledger'
import {
  coinTypes,
  fixedDeposits,
  fundingRequests,
  notifications,
  plans,
  stepUpLimits,
  storedFiles,
  transactions,
  users,
} from '#server/db/schema'
import { payMaturedDeposits } from '#server/domain/fixed-deposits'
import { decideRequest } from '#server/domain/funding-requests'
import { databaseTargets } from './support/databases'
import { exe, fileOf as file, pdf, png, svg } from './support/files'
import { keptFileIds } from './support/kept-files'
import { newKey, newTxHash, payingCustomer } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'

const btc = 'Bitcoin (BTC)'
const eth = 'Ethereum (ETH)'

describe.each(databaseTargets)(
  'deposit, payment, fixed deposit and upgrade requests on %s',
  (target) => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(target)
    })
    afterAll(() => t.close())

    type Customer = Awaited<ReturnType<typeof payingCustomer>>
    const requestsOf = (c: Customer) =>
      t.db
        .select()
        .from(fundingRequests)
        .where(eq(fundingRequests.userId, c.id))
        .orderBy(fundingRequests.id)
    const lastNotice = async (c: Customer) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, c.id))
          .orderBy(notifications.id)
      ).at(-1)
    const balance = (c: Customer) => balanceOf(t.db, customerAccountCode(c.id))
    /** What an upgrade to `plan` must be for: its price when the bank set one. */
    const upgradeAmount = async (plan: string) => {
      const [row] = await t.db
        .select({ price: plans.price })
        .from(plans)
        .where(and(eq(plans.kind, 'upgrade'), eq(plans.planName, plan)))
      return row?.price ? toDecimalString(row.price) : '99.00'
    }

    it('offers the coin types with addresses, purposes and plans with term and rate', async () => {
      const c = await payingCustomer(t, 0)
      const cd = await t.action('cryptoDepositForm', { token: c.token })
      expect(cd.body).toMatchObject({
        names: [btc, 'Ethereum (ETH)', 'Tether (USDT TRC20)'],
        addresses: expect.arrayContaining([expect.objectContaining({ type: btc })]),
        transactions: [],
        currency: '$',
      })
      const [coin] = await t.db.select().from(coinTypes).where(eq(coinTypes.name, btc))
      expect((cd.body.addresses2 as Record<string, string>)[btc]).toBe(coin?.address)
      expect((await t.action('paymentForm', { token: c.token })).body.purposes).toContainEqual({
        purposeName: 'Loan repayment',
      })
      expect((await t.action('fixedDepositForm', { token: c.token })).body.plans).toContainEqual({
        planName: '12 months at 5.2%',
        termDays: 365,
        ratePercent: 5.2,
      })
      expect((await t.action('upgradeForm', { token: c.token })).body.plans).toContainEqual(
        expect.objectContaining({ planName: 'Tier 2' }),
      )
    })

    it('a deposit is pending with its proof until confirmed: then credited, listed and notified', async () => {
      const c = await payingCustomer(t, 0)
      const key = newKey()
      const fields = {
        token: c.token,
        type: btc,
        amount: '250.50',
        tx_hash: newTxHash(),
        depositPic: file(png),
        idempotency_key: key,
      }
      expect((await t.action('submitCryptoDeposit', fields)).body).toEqual({
        icon: 'success',
        message: fundingMessages.submitted,
      })
      // A retry with the same key and proof makes no second request.
      expect(
        (await t.action('submitCryptoDeposit', { ...fields, depositPic: file(png) })).body.icon,
      ).toBe('success')
      const [request, ...more] = await requestsOf(c)
      expect(more).toEqual([])
      expect(request).toMatchObject({ kind: 'deposit', amount: 25_050, status: 'pending' })
      expect(
        (
          await t.action('submitCryptoDeposit', {
            ...fields,
            amount: '1.00',
            depositPic: file(png),
          })
        ).body.message,
      ).toBe(fundingMessages.keyReused)
      const form = await t.action('cryptoDepositForm', { token: c.token })
      expect(form.body.transactions).toEqual([
        {
          type: btc,
          amount: '250.50',
          status: 'pending',
          createdAt: t.clock.now().toISOString(),
          purpose: null,
          plan: null,
        },
      ])
      expect(await balance(c)).toBe(0)
      await decideRequest(t.db, request?.id as number, { confirm: true }, t.clock.now())
      expect(await balance(c)).toBe(25_050)
      expect((await lastNotice(c))?.title).toBe('Your deposit was confirmed')
      const rows = await t.db.select().from(transactions).where(eq(transactions.userId, c.id))
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'Crypto Deposit',
          transactionType: 'credit',
          amount: 25_050,
        }),
      ])
      await expect(
        decideRequest(t.db, request?.id as number, { confirm: false }, t.clock.now()),
      ).rejects.toThrow('already confirmed')
      const dashboard = await t.action('dashboard', { token: c.token })
      expect(dashboard.body).toMatchObject({
        totalCredit: '250.50',
        balances: { available: '250.50' },
      })
    })

    it('a declined request moves nothing and tells the customer why', async () => {
      const c = await payingCustomer(t, 0)
      await t.action('submitCryptoDeposit', {
        token: c.token,
        type: btc,
        amount: '10',
        depositPic: file(pdf, 'x.pdf'),
        idempotencyKey: newKey(),
        txHash: newTxHash(),
      })
      const [request] = await requestsOf(c)
      await decideRequest(
        t.db,
        request?.id as number,
        { confirm: false, reason: 'No payment arrived' },
        t.clock.now(),
      )
      expect(await balance(c)).toBe(0)
      expect(await lastNotice(c)).toMatchObject({
        title: 'Your deposit was declined',
        body: expect.stringContaining('No payment arrived'),
      })
      expect(
        (await t.action('cryptoDepositForm', { token: c.token })).body.transactions,
      ).toMatchObject([{ status: 'declined' }])
    })

    it('a payment is paid from outside: confirming records it against its purpose and moves nothing from the balance', async () => {
      const c = await payingCustomer(t, 5_000)
      const pay = (amount: string) =>
        t.action('submitPayment', {
          token: c.token,
          purpose: 'Loan repayment',
          type: btc,
          amount,
          depositPic: file(png),
          idempotencyKey: newKey(),
          txHash: newTxHash(),
        })
      expect((await pay('40.00')).body.icon).toBe('success')
      expect((await pay('60.00')).body.icon).toBe('success')
      expect(
        (
          await t.action('submitPayment', {
            token: c.token,
            purpose: 'Bribes',
            type: btc,
            amount: '1',
            depositPic: file(png),
            idempotencyKey: newKey(),
            txHash: newTxHash(),
          })
        ).body,
      ).toEqual({ icon: 'error', message: fundingMessages.unknownPurpose })
      const [small, large] = await requestsOf(c)
      const payments = await balanceOf(t.db, bankAccountCodes.payments)
      await decideRequest(t.db, small?.id as number, { confirm: true }, t.clock.now())
      // Larger than the balance: it was paid from outside, so that is no reason to refuse it.
      await decideRequest(t.db, large?.id as number, { confirm: true }, t.clock.now())
      expect(await balance(c)).toBe(5_000)
      expect(await balanceOf(t.db, bankAccountCodes.payments)).toBe(payments + 10_000)
      expect((await requestsOf(c)).map((request) => request.status)).toEqual([
        'confirmed',
        'confirmed',
      ])
      // The list under the form says what each payment was for.
      expect((await t.action('paymentForm', { token: c.token })).body.transactions).toMatchObject([
        { amount: '60.00', status: 'confirmed', purpose: 'Loan repayment', plan: null },
        { amount: '40.00', status: 'confirmed', purpose: 'Loan repayment', plan: null },
      ])
      const [note] = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, c.id))
        .orderBy(desc(notifications.id))
        .limit(1)
      expect(note?.body).toBe(
        'Your payment of $60.00 (Loan repayment) was received and recorded. Nothing was taken from your balance.',
      )
      expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    })

    it('a fixed deposit is held for its term and paid back with interest at maturity by the scheduled job', async () => {
      const c = await payingCustomer(t, 0)
      await t.action('submitFixedDeposit', {
        token: c.token,
        plan: '12 months at 5.2%',
        type: btc,
        amount: '1000.00',
        fixedDepositPic: file(png),
        idempotencyKey: newKey(),
        txHash: newTxHash(),
      })
      const [request] = await requestsOf(c)
      await decideRequest(t.db, request?.id as number, { confirm: true }, t.clock.now())
      const [deposit] = await t.db
        .select()
        .from(fixedDeposits)
        .where(eq(fixedDeposits.userId, c.id))
      expect(deposit).toMatchObject({
        amount: 100_000,
        interest: 5_200,
        termDays: 365,
        status: 'active',
      })
      expect(await balance(c)).toBe(0)
      expect(await balanceOf(t.db, fixedDepositAccountCode(deposit?.id as number))).toBe(100_000)
      expect(await payMaturedDeposits(t.db, t.clock.now())).toBe(0)
      const later = new Date(t.clock.now().getTime() + 365 * 24 * 3_600_000)
      expect(await payMaturedDeposits(t.db, later)).toBe(1)
      expect(await payMaturedDeposits(t.db, later)).toBe(0)
      expect(await balance(c)).toBe(105_200)
      expect(await balanceOf(t.db, fixedDepositAccountCode(deposit?.id as number))).toBe(0)
      expect((await lastNotice(c))?.title).toBe('Fixed deposit matured')
      expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    })

    it('an upgrade changes the plan when confirmed; the current plan cannot be requested', async () => {
      const c = await payingCustomer(t, 0)
      const amount = await upgradeAmount('Tier 2')
      const upgrade = (plan: string) =>
        t.action('submitUpgrade', {
          token: c.token,
          plan,
          type: btc,
          amount,
          depositPic: file(png),
          idempotencyKey: newKey(),
          txHash: newTxHash(),
        })
      expect((await upgrade('Tier 9')).body.message).toBe(fundingMessages.unknownPlan)
      expect((await upgrade('Tier 2')).body.icon).toBe('success')
      const [request] = await requestsOf(c)
      await decideRequest(t.db, request?.id as number, { confirm: true }, t.clock.now())
      const [user] = await t.db
        .select({ plan: users.currentPlan })
        .from(users)
        .where(eq(users.id, c.id))
      expect(user?.plan).toBe('Tier 2')
      expect((await lastNotice(c))?.body).toBe('Your account is now on Tier 2.')
      expect((await upgrade('Tier 2')).body.message).toBe(fundingMessages.samePlan)
      expect((await t.action('upgradeForm', { token: c.token })).body.transactions).toMatchObject([
        { amount, status: 'confirmed', plan: 'Tier 2', purpose: null },
      ])
    })

    it('an upgrade plan with a price is offered with it and what it changes, and only that amount is taken', async () => {
      await t.db
        .update(plans)
        .set({ price: 15_000, description: 'For larger payments' })
        .where(and(eq(plans.kind, 'upgrade'), eq(plans.planName, 'Tier 3')))
      await t.db
        .insert(stepUpLimits)
        .values({ planName: 'Tier 3', limit: 2_500_000 })
        .onConflictDoNothing()
      try {
        const c = await payingCustomer(t, 0)
        const offered = (await t.action('upgradeForm', { token: c.token })).body.plans
        expect(offered).toContainEqual({
          planName: 'Tier 3',
          price: '150.00',
          stepUpLimit: '25000.00',
          description: 'For larger payments',
        })
        const upgrade = (amount: string) =>
          t.action('submitUpgrade', {
            token: c.token,
            plan: 'Tier 3',
            type: btc,
            amount,
            depositPic: file(png),
            idempotencyKey: newKey(),
            txHash: newTxHash(),
          })
        for (const amount of ['99', '150.01', '15000'])
          expect((await upgrade(amount)).body).toEqual({
            icon: 'error',
            message: 'Tier 3 costs $150.00: please send exactly that amount.',
          })
        expect(await requestsOf(c)).toEqual([])
        expect((await upgrade('150')).body.icon).toBe('success')
        expect(await requestsOf(c)).toMatchObject([{ plan: 'Tier 3', amount: 15_000 }])
      } finally {
        await t.db
          .update(plans)
          .set({ price: null, description: null })
          .where(eq(plans.planName, 'Tier 3'))
        await t.db.delete(stepUpLimits).where(eq(stepUpLimits.planName, 'Tier 3'))
      }
    })

    it("takes each payment on the chain once: the transaction hash in its coin's format, kept canonical, unique per coin until declined", async () => {
      const seeded = await t.db.select().from(coinTypes)
      await t.db
        .update(coinTypes)
        .set({ network: 'Bitcoin testnet', txHashFormat: 'hex64' })
        .where(eq(coinTypes.name, btc))
      await t.db
        .update(coinTypes)
        .set({ network: 'Ethereum Sepolia testnet', txHashFormat: '0x-hex64' })
        .where(eq(coinTypes.name, eth))
      // A coin whose chain an operator has not set yet: either form is taken.
      await t.db
        .update(coinTypes)
        .set({ network: null, txHashFormat: 'hex64-or-0x' })
        .where(eq(coinTypes.name, 'Tether (USDT TRC20)'))
      try {
        const c = await payingCustomer(t, 0)
        const other = await payingCustomer(t, 0)
        const offered = (await t.action('cryptoDepositForm', { token: c.token })).body.addresses
        expect(offered).toContainEqual(
          expect.objectContaining({ type: btc, network: 'Bitcoin testnet', hashFormat: 'hex64' }),
        )
        expect(offered).toContainEqual(
          expect.objectContaining({ type: 'Tether (USDT TRC20)', hashFormat: 'hex64-or-0x' }),
        )
        const deposit = (who: Customer, type: string, tx_hash: string) =>
          t.action('submitCryptoDeposit', {
            token: who.token,
            type,
            amount: '30',
            txHash: tx_hash,
            depositPic: file(png),
            idempotencyKey: newKey(),
          })
        const hash = newTxHash()
        // The coin's own format: no 0x on Bitcoin, 0x on Ethereum.
        expect((await deposit(c, btc, `0x${hash}`)).body).toEqual({
          icon: 'error',
          message:
            'The transaction hash of a Bitcoin (BTC) payment is 64 characters, 0-9 and a-f. Please copy it from your wallet again.',
        })
        expect((await deposit(c, eth, hash)).body.message).toBe(
          fundingMessages.hashFormat(eth, '0x, then 64 characters, 0-9 and a-f'),
        )
        // Not a hash at all: the contract's own refusal, in the customer's words.
        expect((await deposit(c, btc, 'my payment')).body).toEqual({
          error: true,
          message: 'The transaction hash must be the 64 characters 0-9 and a-f your wallet shows.',
        })
        expect((await deposit(c, btc, hash.toUpperCase())).body.icon).toBe('success')
        // The same payment again, by anyone, in any case: once.
        for (const again of [hash, hash.toUpperCase()])
          expect((await deposit(other, btc, again)).body).toEqual({
            icon: 'error',
            message: fundingMessages.hashClaimed,
          })
        // The same hash on another coin's chain is another payment.
        expect((await deposit(c, eth, `0x${hash}`)).body.icon).toBe('success')
        const [first, onEth] = await requestsOf(c)
        expect(first).toMatchObject({ txHash: hash, coinType: btc })
        expect(onEth).toMatchObject({ txHash: hash, coinType: eth })
        // A declined claim frees the payment for a request that is right.
        await decideRequest(t.db, first?.id as number, { confirm: false }, t.clock.now())
        expect((await deposit(other, btc, hash)).body.icon).toBe('success')
        expect(await requestsOf(other)).toMatchObject([{ txHash: hash, status: 'pending' }])
        // Two requests with one payment at once: one is taken, the other told, no fault.
        const raced = newTxHash()
        const answers = await Promise.all([
          deposit(c, btc, raced),
          deposit(other, btc, raced),
          deposit(c, btc, raced),
        ])
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
        expect(answers.filter((answer) => answer.body.icon === 'success')).toHaveLength(1)
        expect(
          answers.filter((answer) => answer.body.message === fundingMessages.hashClaimed),
        ).toHaveLength(2)
        expect(
          await t.db.select().from(fundingRequests).where(eq(fundingRequests.txHash, raced)),
        ).toHaveLength(1)
      } finally {
        for (const coin of seeded)
          await t.db
            .update(coinTypes)
            .set({ network: coin.network, txHashFormat: coin.txHashFormat })
            .where(eq(coinTypes.id, coin.id))
      }
    })

    it('refuses hostile proofs by their bytes and stores nothing: SVG with script, renamed executable, oversized, empty', async () => {
      const c = await payingCustomer(t, 0)
      const filesBefore = await keptFileIds(t.db)
      const send = (pic: File) =>
        t.action('submitCryptoDeposit', {
          token: c.token,
          type: btc,
          amount: '5',
          depositPic: pic,
          idempotencyKey: newKey(),
          txHash: newTxHash(),
        })
      for (const hostile of [
        file(svg, 'proof.png'),
        file(svg, 'proof.svg'),
        file(exe, 'proof.jpg'),
        file(new Uint8Array(0)),
      ]) {
        const answer = await send(hostile)
        expect(answer.status).toBe(200)
        expect(answer.body.icon).toBe('error')
        expect(answer.body.message).toMatch(/^The proof of payment was not accepted: /)
      }
      const big = new Uint8Array(maxUploadBytes + 1)
      big.set(png)
      const oversized = await send(file(big))
      expect(oversized.status).toBe(400)
      expect(oversized.body.message).toBe('The proof of payment must be at most 5 MB.')
      expect(await requestsOf(c)).toEqual([])
      expect(await keptFileIds(t.db)).toEqual(filesBefore)
      const [row] = await t.db
        .select()
        .from(fundingRequests)
        .where(and(eq(fundingRequests.userId, c.id)))
      expect(row).toBeUndefined()
    })

    const uploaded = () => keptFileIds(t.db)
    const filesOf = (c: Customer) =>
      t.db.select().from(storedFiles).where(eq(storedFiles.userId, c.id))

    /** One request of each kind, with its own proof field and choices. */
    const everyKind = async (c: Customer, keys: string[], hashes: string[]) => {
      const upgrade = await upgradeAmount('Tier 2')
      return (
        [
          ['submitCryptoDeposit', { amount: '20', depositPic: file(png) }],
          ['submitPayment', { amount: '20', purpose: 'Loan repayment', depositPic: file(png) }],
          [
            'submitFixedDeposit',
            { amount: '20', plan: '12 months at 5.2%', fixedDepositPic: file(pdf, 'p.pdf') },
          ],
          ['submitUpgrade', { amount: upgrade, plan: 'Tier 2', depositPic: file(png) }],
        ] as const
      ).map(
        ([call, fields], n) =>
          () =>
            t.raw.action(calls[call].wire, {
              token: c.token,
              type: btc,
              idempotency_key: keys[n] as string,
              tx_hash: hashes[n] as string,
              ...fields,
            }),
      )
    }

    it('a refused request leaves no file: unknown coin, bad amount, a replayed or reused key', async () => {
      const c = await payingCustomer(t, 0)
      const key = newKey()
      const hash = newTxHash()
      const deposit = (fields: Record<string, string>) =>
        t.action('submitCryptoDeposit', {
          token: c.token,
          type: btc,
          amount: '10',
          txHash: hash,
          depositPic: file(png),
          idempotencyKey: key,
          ...fields,
        })
      const before = await uploaded()
      expect((await deposit({})).body.icon).toBe('success')
      const filed = await uploaded()
      expect(filed).toHaveLength(before.length + 1)

      expect((await deposit({})).body).toEqual({
        icon: 'success',
        message: fundingMessages.submitted,
      })
      expect((await deposit({ amount: '11' })).body.message).toBe(fundingMessages.keyReused)
      expect((await deposit({ type: 'Dogecoin', idempotency_key: newKey() })).body.message).toBe(
        fundingMessages.unknownCoin,
      )
      expect((await deposit({ amount: '0', idempotency_key: newKey() })).body.message).toBe(
        fundingMessages.badAmount,
      )
      expect(await uploaded()).toEqual(filed)
      expect(await filesOf(c)).toEqual([expect.objectContaining({ pendingSince: null })])
      expect(await requestsOf(c)).toHaveLength(1)
    })

    it("keeps every kind of proof in the request's transaction: a failed one leaves no file", async () => {
      const c = await payingCustomer(t, 0)
      const before = await uploaded()
      const uploads = t.deps.uploads
      let keeps = 0
      t.deps.uploads = {
        ...uploads,
        async keep(tx, checked, userId, now) {
          keeps++
          await uploads.keep(tx, checked, userId, now)
          throw new Error('the database went away')
        },
      }
      const keys = [newKey(), newKey(), newKey(), newKey()]
      const hashes = keys.map(() => newTxHash())
      try {
        for (const send of await everyKind(c, keys, hashes)) expect((await send()).status).toBe(500)
      } finally {
        t.deps.uploads = uploads
      }
      expect(keeps).toBe(4)
      expect(await uploaded()).toEqual(before)
      expect(await filesOf(c)).toEqual([])
      expect(await requestsOf(c)).toEqual([])

      // The keys were not used up: the same submissions are filed now, each with its proof.
      for (const send of await everyKind(c, keys, hashes))
        expect((await send()).body.icon).toBe('success')
      expect(await uploaded()).toHaveLength(before.length + 4)
      const kept = await filesOf(c)
      expect(kept.map((row) => row.pendingSince)).toEqual([null, null, null, null])
      expect((await requestsOf(c)).map((request) => request.proofFileId).sort()).toEqual(
        kept.map((row) => row.id).sort(),
      )
    })
  },
)
