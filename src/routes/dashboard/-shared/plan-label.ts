/** The customer's plan as shown; the spec's default is Tier 1. */
export function planLabel(plan: string | null | undefined): string {
  return plan?.trim() || 'Tier 1'
}
