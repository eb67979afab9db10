/**
 * The provider's command line (issue 25, decision 019): `npm run portal -- <command>`. It opens
 * the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR) and runs the
 * same services. The embedded database is one process's: with the server running on it, stop
 * the server first (or use PostgreSQL, which any number of processes share).
 *
 *   keys create --name <nome> --scopes <escopo,escopo…>   prints the key once
 *   keys list                                              id, name, last 4, scopes, last use
 *   keys revoke <id>
 */
import { parseArgs } from 'node:util'
import { integrationScopes } from '../../contract/integration'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { DataDirError } from '../db/data-dir'
import {
  checkedScopes,
  createApiKey,
  KeyInputError,
  listApiKeys,
  revokeApiKey,
} from '../services/api-keys'

const usage = `Uso: npm run portal -- <comando>

  keys create --name <nome> --scopes <escopo,escopo…>
  keys list
  keys revoke <id>

Escopos: ${integrationScopes.join(', ')}.`

/** Exit codes: 64 a command used wrongly (EX_USAGE), 1 anything else that failed. */
class UsageError extends Error {}

type Output = { out: (line: string) => void }

export async function runPortalCommand(
  argv: string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const parsed = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: { name: { type: 'string' }, scopes: { type: 'string' } },
      })
    } catch (error) {
      throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
    }
  })()
  const { positionals, values } = parsed
  const [group, command, ...rest] = positionals
  if (group !== 'keys' || !command || !['create', 'list', 'revoke'].includes(command))
    throw new UsageError(usage)
  if (command === 'create' && (!values.name || !values.scopes)) throw new UsageError(usage)
  if (command === 'revoke' && !rest[0]) throw new UsageError(usage)
  const scopes = (values.scopes ?? '').split(',').map((scope) => scope.trim())
  // Before the database opens: a mistyped scope is said at once.
  if (command === 'create') checkedScopes(scopes)
  const config = loadConfig(env)
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await handle.migrate({ demo: config.demo })
    if (command === 'create') {
      const { key, apiKey } = await createApiKey(handle.db, { name: values.name ?? '', scopes })
      output.out(`Chave criada: ${apiKey.name} (id ${apiKey.id})`)
      output.out(`Escopos: ${apiKey.scopes.join(', ')}`)
      output.out('Guarde-a agora: ela não será mostrada de novo.')
      output.out(key)
    } else if (command === 'list') {
      const keys = await listApiKeys(handle.db)
      if (!keys.length) output.out('Nenhuma chave.')
      for (const key of keys)
        output.out(
          [
            key.id,
            key.name,
            `…${key.last4}`,
            key.scopes.join(','),
            key.revokedAt ? `revogada em ${key.revokedAt.toISOString()}` : 'ativa',
            key.lastUsedAt ? `último uso ${key.lastUsedAt.toISOString()}` : 'nunca usada',
          ].join('\t'),
        )
    } else {
      const id = rest[0] ?? ''
      if (!(await revokeApiKey(handle.db, id).catch(() => false)))
        throw new KeyInputError(`Nenhuma chave ativa com o id ${id}.`)
      output.out(`Chave ${id} revogada: recusada a partir de agora, em todas as instâncias.`)
    }
  } finally {
    await handle.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runPortalCommand(process.argv.slice(2), { out: (line) => console.log(line) })
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message)
      process.exit(64)
    }
    if (
      error instanceof KeyInputError ||
      error instanceof ConfigError ||
      error instanceof DataDirError
    ) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
