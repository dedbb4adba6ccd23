import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { AddFundsMenu } from './-components/add-funds-menu'
import { addFundsCatalog } from './-locales/catalog'

export const Route = createFileRoute('/dashboard/add-funds/')({
  loader: () => loadCatalog(addFundsCatalog),
  component: AddFundsMenu,
})
