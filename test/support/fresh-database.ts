import { randomBytes } from 'node:crypto'
import { withClient } from './pg-connections'

/** A new, empty database next to the one DATABASE_URL names; dropped by `drop`. */
export async function createFreshDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const admin = async (sql: string) => {
    await withClient(serverUrl, (client) => client.query(sql))
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}
