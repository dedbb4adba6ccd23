// Insights' schema (./contract/insights.ts), loaded by ./client.ts the first time its call is
// made, with the section, apart from the rest of the contract that every signed-in page loads
// first (docs/decisions/089).
import * as insights from './contract/insights'

export const calls = insights
