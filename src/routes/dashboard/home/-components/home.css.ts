import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const home = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl })

export const greeting = style({ display: 'flex', alignItems: 'center', gap: vars.space.md })

export const greetingText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 })

export const greetingWord = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const greetingName = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } },
})

export const topGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})

export const balanceCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  color: vars.color.onBrand,
  background: `linear-gradient(135deg, ${vars.color.brandDeep} 0%, ${vars.color.brandBright} 100%)`,
  boxShadow: vars.shadow.card,
})

export const balanceLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.onBrandMuted,
})

export const balanceNote = style({
  marginTop: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.onBrandMuted,
})

export const balanceAmount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  letterSpacing: '-0.01em',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.display } },
})

export const balanceFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.md} ${vars.space.xxl}`,
  margin: 0,
})

export const fact = style({ display: 'flex', flexDirection: 'column', gap: '2px' })

export const factLabel = style({ fontSize: '0.75rem', color: vars.color.onBrandMuted })

export const factValue = style({ margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' })

export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})

export const action = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.primary, color: vars.color.primary } },
})

export const actionIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primary,
})

export const totals = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
})

export const total = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const totalLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const totalValue = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } },
})

export const credit = style({ color: vars.color.success })

export const debit = style({ color: vars.color.danger })
