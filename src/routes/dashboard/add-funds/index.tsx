import { createFileRoute } from '@tanstack/react-router'
import { AddFundsMenu } from './-components/add-funds-menu'

export const Route = createFileRoute('/dashboard/add-funds/')({
  component: AddFundsMenu,
})
