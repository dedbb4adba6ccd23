import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Money } from '#ui/money'

afterEach(cleanup)

const shown = (element: React.ReactElement) => render(element).container.textContent

describe('<Money>', () => {
  it('shows a wire amount with grouping, two decimals and the default $', () => {
    expect(shown(<Money amount="1234.5" />)).toBe('$1,234.50')
    expect(shown(<Money amount="-0.05" />)).toBe('-$0.05')
  })

  it('shows 0.00 for a missing or malformed amount, as the spec asks', () => {
    expect(shown(<Money amount={undefined} />)).toBe('$0.00')
    expect(shown(<Money amount={null} />)).toBe('$0.00')
    expect(shown(<Money amount="abc" />)).toBe('$0.00')
  })

  it('prints the sign it is given for credits and debits', () => {
    expect(shown(<Money amount="50.00" sign="+" />)).toBe('+$50.00')
    expect(shown(<Money amount="-50.00" sign="-" />)).toBe('-$50.00')
  })

  it('takes a currency symbol or an ISO code', () => {
    expect(shown(<Money amount="10.00" currency="£" />)).toBe('£10.00')
    expect(shown(<Money amount="10.00" currency="EUR" />)).toBe('€10.00')
    expect(shown(<Money amount="10.00" currency="" />)).toBe('$10.00')
  })

  it('passes its class name to the text', () => {
    const { container } = render(<Money amount="1.00" className="credit" />)
    expect(container.querySelector('span.credit')?.textContent).toBe('$1.00')
  })
})
