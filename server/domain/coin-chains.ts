import { chainHash, type TransactionHashFormat } from '#api/chain-rules'

/**
 * What the bank knows of each coin's chain (docs/decisions/066): the network its deposit address
 * is on, how a transaction hash is written there, and the explorer page where an operator checks
 * a customer's payment before confirming the request.
 */

/** The explorer's page of a kept hash, as the coin's chain writes it; null without a template. */
export function explorerLink(
  template: string | null,
  hash: string,
  format: TransactionHashFormat,
): string | null {
  if (!template) return null
  return template.replaceAll('{hash}', encodeURIComponent(chainHash(hash, format)))
}
