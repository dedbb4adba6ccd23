import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { currencySymbol, Money, moneyText, wireToMinor } from '#ui/money'

afterEach(cleanup)

describe('Money', () => {
  it('shows wire amounts with grouping, two decimals and the default $', () => {
    const { container } = render(<Money amount="1234.5" />)
    expect(container.textContent).toBe('$1,234.50')
    expect(moneyText('1234567.89')).toBe('$1,234,567.89')
    expect(moneyText('0')).toBe('$0.00')
  })

  it('shows 0.00 for a missing or malformed amount', () => {
    expect(moneyText(undefined)).toBe('$0.00')
    expect(moneyText(null)).toBe('$0.00')
    expect(moneyText('')).toBe('$0.00')
    expect(moneyText('abc')).toBe('$0.00')
  })

  it('signs credits and debits', () => {
    expect(moneyText('50.00', '$', '+')).toBe('+$50.00')
    expect(moneyText('50.00', '$', '-')).toBe('-$50.00')
    expect(moneyText('-50.00', '$', '-')).toBe('-$50.00')
    expect(moneyText('-0.05')).toBe('-$0.05')
  })

  it('accepts a currency symbol or an ISO code', () => {
    expect(currencySymbol('€')).toBe('€')
    expect(currencySymbol('USD')).toBe('$')
    expect(currencySymbol('eur')).toBe('€')
    expect(currencySymbol('')).toBe('$')
    expect(currencySymbol(undefined)).toBe('$')
    const { container } = render(<Money amount="10.00" currency="£" />)
    expect(container.textContent).toBe('£10.00')
  })

  it('converts wire strings to minor units exactly', () => {
    expect(wireToMinor('0.1')).toBe(10)
    expect(wireToMinor('19.99')).toBe(1999)
    expect(wireToMinor('-19.99')).toBe(-1999)
  })
})
