import { createFileRoute } from '@tanstack/react-router'

/** The address of the send chain's form step: the layout's machine draws it (decision 043). */
export const Route = createFileRoute('/dashboard/send/')({ component: () => null })
