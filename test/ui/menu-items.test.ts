import { describe, expect, it } from 'vitest'
import { menuItems } from '#routes/dashboard/-shared/layout/menu-items'

describe('the side menu', () => {
  it("is the spec's list, in its order (section 2), with the payee book, Insights and no KYC entry", () => {
    // Only verified customers reach the dashboard (spec section 6), so a KYC entry would offer
    // nothing the customer needs; dashboard/kyc is reached by its address (decision 045).
    expect(menuItems.map((item) => item.label)).toEqual([
      'Dashboard',
      'Add Funds',
      'Make Payment',
      'Bank Transfer',
      // Not in the spec: the payee book (issue 20, decision 085), beside the transfer.
      'Payees',
      'Loan',
      'Fixed Deposit',
      'Notifications',
      'Credit Card',
      'Upgrade Account',
      'Help & Support',
      'Pay Bills',
      'Statements & Report',
      // Not in the spec: Insights (issue 20, decision 089), beside the statements.
      'Insights',
      'Settings',
      'Log Out',
    ])
    expect(menuItems.some((item) => item.kind === 'link' && item.to.includes('kyc'))).toBe(false)
  })
})
