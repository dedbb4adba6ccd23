import { createFileRoute } from '@tanstack/react-router'

/** The address of the send chain's confirm step: the layout's machine draws it (decision 043). */
export const Route = createFileRoute('/dashboard/send/confirm')({ component: () => null })
