import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { amount as amountField, money as moneyField } from '#api/contract/fields'
import {
  currencySymbol,
  formatMoney,
  maximumAmount,
  maximumAmountText,
  parseAmount,
  parseWireAmount,
  percentOf,
  toDecimalString,
  wireToMinor,
} from '#api/money'
import { formatTotal, formatWireTotal, parseWireTotal } from '#api/money-totals'

describe('parseAmount: what a customer enters or a request carries', () => {
  it.each([
    ['0', 0],
    ['5', 500],
    ['12.5', 1250],
    ['12.50', 1250],
    ['.5', 50],
    ['0.01', 1],
    ['0.1', 10],
    ['19.99', 1999],
    ['007.10', 710],
    ['  42.00  ', 4200],
    ['9999999999999.99', 999_999_999_999_999],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor)
  })

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['.', 'a lone point'],
    ['5.', 'a point without decimals'],
    ['1.005', 'three decimals'],
    ['0.001', 'three decimals below a cent'],
    ['-5', 'negative'],
    ['-0.01', 'negative cent'],
    ['+5', 'explicit plus'],
    ['10000000000000', '14 whole digits'],
    ['99999999999999999999', 'past the safe integers'],
    ['1,234.50', 'grouping comma'],
    ['12,50', 'decimal comma'],
    ['1 000', 'grouping space'],
    ['1e3', 'exponent'],
    ['0x10', 'hexadecimal'],
    ['abc', 'letters'],
    ['12a', 'trailing letter'],
    ['$12', 'currency symbol'],
    ['１２', 'full-width digits'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
  ])('refuses %j (%s)', (text) => {
    expect(parseAmount(text)).toBeNull()
  })

  it('is the rule the contract checks requests against, up to the largest amount', () => {
    for (const text of ['0', '.5', '12.50', '1000000000.00', '0001000000000'])
      expect(v.safeParse(amountField, text).success).toBe(true)
    for (const text of ['', '1.005', '-5', '1,234.50', '10000000000000'])
      expect(v.safeParse(amountField, text).success).toBe(false)
    for (const text of ['1000000000.01', '9999999999999.99']) {
      const checked = v.safeParse(amountField, text)
      expect(checked.issues?.map((issue) => issue.message)).toEqual([
        'must be at most 1,000,000,000.00',
      ])
    }
  })

  it('states the largest amount as formatMoney writes it', () => {
    expect(maximumAmount).toBe(100_000_000_000)
    expect(formatMoney(maximumAmount, '')).toBe(maximumAmountText)
  })
})

describe('wire and minor units', () => {
  it('writes minor units as the wire decimal string', () => {
    expect(toDecimalString(0)).toBe('0.00')
    expect(toDecimalString(5)).toBe('0.05')
    expect(toDecimalString(123_450)).toBe('1234.50')
    expect(toDecimalString(-5)).toBe('-0.05')
    expect(toDecimalString(-0)).toBe('0.00')
    expect(toDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91')
  })

  it('writes a bigint exactly, past the safe integers too', () => {
    expect(toDecimalString(0n)).toBe('0.00')
    expect(toDecimalString(-5n)).toBe('-0.05')
    expect(toDecimalString(9_007_199_254_740_993n)).toBe('90071992547409.93')
    expect(toDecimalString(-(10n ** 20n) - 1n)).toBe('-1000000000000000000.01')
  })

  it('refuses to write anything but a safe integer', () => {
    expect(() => toDecimalString(1.5)).toThrow(RangeError)
    expect(() => toDecimalString(Number.NaN)).toThrow(RangeError)
    expect(() => toDecimalString(2 ** 53)).toThrow(RangeError)
  })

  it('reads what it writes, for every size up to the largest safe integer', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 1999, 123_450, 999_999_999_999_999]
    for (let digits = 1; digits <= 16; digits++) samples.push(Number('7'.repeat(digits)))
    samples.push(Number.MAX_SAFE_INTEGER)
    for (const minor of samples) {
      for (const signed of minor === 0 ? [0] : [minor, -minor]) {
        const wire = toDecimalString(signed)
        expect(v.safeParse(moneyField, wire).success).toBe(true)
        expect(parseWireAmount(wire)).toBe(signed)
      }
    }
  })

  it('reads signed wire amounts and refuses what is not one', () => {
    expect(parseWireAmount('-19.99')).toBe(-1999)
    expect(parseWireAmount('-0.00')).toBe(0)
    expect(parseWireAmount('1234.5')).toBe(123_450)
    expect(parseWireAmount('90071992547409.92')).toBeNull()
    expect(parseWireAmount('--1.00')).toBeNull()
    expect(parseWireAmount('1.005')).toBeNull()
    expect(parseWireAmount('1,000.00')).toBeNull()
  })

  it('counts a missing or malformed wire amount as 0 for display', () => {
    expect(wireToMinor('0.1')).toBe(10)
    expect(wireToMinor('-19.99')).toBe(-1999)
    expect(wireToMinor(undefined)).toBe(0)
    expect(wireToMinor(null)).toBe(0)
    expect(wireToMinor('')).toBe(0)
    expect(wireToMinor('abc')).toBe(0)
  })
})

describe('formatMoney: what the screen shows', () => {
  it('groups in English style with exactly two decimals and $ by default', () => {
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(5)).toBe('$0.05')
    expect(formatMoney(123_450)).toBe('$1,234.50')
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89')
    expect(formatMoney(null)).toBe('$0.00')
    expect(formatMoney(undefined)).toBe('$0.00')
  })

  it('prints large amounts exactly, with no binary rounding', () => {
    expect(formatMoney(999_999_999_999_999)).toBe('$9,999,999,999,999.99')
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91')
  })

  it('puts the sign before the symbol, or the sign it is given', () => {
    expect(formatMoney(-5)).toBe('-$0.05')
    expect(formatMoney(-123_450, '€')).toBe('-€1,234.50')
    expect(formatMoney(5000, '$', '+')).toBe('+$50.00')
    expect(formatMoney(5000, '$', '-')).toBe('-$50.00')
    expect(formatMoney(-5000, '$', '-')).toBe('-$50.00')
  })
})

describe('currencySymbol', () => {
  it('gives $ when the account names no currency', () => {
    expect(currencySymbol(undefined)).toBe('$')
    expect(currencySymbol(null)).toBe('$')
    expect(currencySymbol('')).toBe('$')
    expect(currencySymbol('  ')).toBe('$')
  })

  it('turns an ISO code into its symbol, in any case', () => {
    expect(currencySymbol('USD')).toBe('$')
    expect(currencySymbol('eur')).toBe('€')
    expect(currencySymbol('GBP')).toBe('£')
  })

  it('keeps a symbol as it is, and shows a code without a symbol as the code', () => {
    expect(currencySymbol('€')).toBe('€')
    expect(currencySymbol('XBT')).toBe('XBT')
  })
})

describe('percentOf', () => {
  it('rounds half up to a whole cent', () => {
    expect(percentOf(10_000, 10)).toBe(1000)
    expect(percentOf(5, 10)).toBe(1)
    expect(percentOf(4, 10)).toBe(0)
    // 38.5 cents: a float product made it 38.49999…
    expect(percentOf(11_000, 0.35)).toBe(39)
    expect(percentOf(5_000, 0.57)).toBe(29)
  })
})

describe('totals past 2^53 (docs/decisions/064, 076)', () => {
  it('reads a wire total exactly however large, and refuses what is not an amount', () => {
    expect(parseWireTotal('123456789012345678.90')).toBe(12345678901234567890n)
    expect(parseWireTotal('-0.05')).toBe(-5n)
    expect(parseWireTotal('12.5')).toBe(1250n)
    expect(parseWireTotal('1e3')).toBeNull()
    expect(parseWireTotal('')).toBeNull()
  })

  it('formats a bigint exactly, with its sign, as formatMoney formats an amount', () => {
    expect(formatTotal(12345678901234567890n)).toBe('$123,456,789,012,345,678.90')
    expect(formatTotal(-9007199254740993n, '€')).toBe('-€90,071,992,547,409.93')
    expect(formatTotal(0n)).toBe('$0.00')
    for (const minor of [0, 5, -5, 123_450, -99_999_999])
      expect(formatTotal(BigInt(minor))).toBe(formatMoney(minor))
    expect(formatWireTotal('-0.05', '£')).toBe('-£0.05')
    expect(formatWireTotal('not an amount')).toBe('$0.00')
  })
})
