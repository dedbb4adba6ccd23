// Run as a child process by server/db/pglite.ts: creates a new PGlite data directory (initdb)
// and exits. initdb runs two extra WebAssembly instances beside the database's own, about
// 0.5 GB that the server process would keep resident for good; a child hands it back on exit.
import { PGlite } from '@electric-sql/pglite'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: node pglite-initdb.js <data directory>')
const database = await PGlite.create(dataDir)
await database.close()
