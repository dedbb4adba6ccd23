import { createFileRoute } from '@tanstack/react-router'

/** The first step's address; the layout (route.tsx) draws the step its machine is in. */
export const Route = createFileRoute('/dashboard/pincreation/')({})
