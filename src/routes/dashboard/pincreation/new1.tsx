import { createFileRoute } from '@tanstack/react-router'

/**
 * The re-entry step's address; the layout (route.tsx) draws the step its machine is in. Opened
 * without a first entry (a reload, a link), the machine starts at the first step, and the
 * address becomes dashboard/pincreation.
 */
export const Route = createFileRoute('/dashboard/pincreation/new1')({})
