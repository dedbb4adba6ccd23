import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { brand } from '#ui/brand'
import { Footer } from '#ui/footer'

afterEach(cleanup)

describe('Footer', () => {
  it('shows the current year and the bank name', () => {
    render(<Footer />)
    const year = new Date().getFullYear()
    expect(screen.getByRole('contentinfo').textContent).toBe(`© ${year} ${brand.bankName}`)
  })

  it('follows the clock it is given', () => {
    render(<Footer now={new Date(2031, 5, 1)} />)
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2031 ')
  })
})
