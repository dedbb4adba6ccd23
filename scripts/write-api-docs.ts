import { writeFile } from 'node:fs/promises'
import { renderApiDocs } from './api-docs'

await writeFile(new URL('../docs/api.md', import.meta.url), renderApiDocs())
console.log('docs/api.md written')
