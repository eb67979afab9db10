/**
 * The database as a command opens it: the settings that name it (and no more: a command touches
 * neither the bank nor the gateway), migrated like the server would, and a database that cannot
 * be reached or refuses us said in one sentence instead of a driver's stack trace.
 */
import { type DatabaseConfig, loadDatabaseConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { type CommandError, SettingsError, UnavailableError } from './failures'

export async function openForCommand(
  env: NodeJS.ProcessEnv,
): Promise<{ handle: DatabaseHandle; config: DatabaseConfig }> {
  const config = loadDatabaseConfig(env)
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    // PostgreSQL connects lazily: the first statement, here, is where a wrong address shows.
    await handle.migrate({ demo: config.demo })
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw (config.databaseUrl && postgresFailure(error, config.databaseUrl)) || error
  }
  return { handle, config }
}

/** SQLSTATEs that mean DATABASE_URL names a database we may not use: fix the setting. */
const refusals: Record<string, string> = {
  '28P01': 'usuário ou senha recusados',
  '28000': 'acesso recusado',
  '3D000': 'o banco de dados não existe',
  '42501': 'o usuário não tem permissão',
}

/** Network failures: the server is down, elsewhere, or the name does not resolve. */
const unreachable: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ENOTFOUND: 'endereço não encontrado',
  EAI_AGAIN: 'endereço não encontrado',
  ETIMEDOUT: 'tempo esgotado',
  ECONNRESET: 'conexão interrompida',
  EHOSTUNREACH: 'servidor inalcançável',
  ENETUNREACH: 'rede inalcançável',
}

function postgresFailure(error: unknown, databaseUrl: string): CommandError | undefined {
  // Drizzle wraps a failed statement's driver error as its cause.
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown }
  if (typeof code !== 'string') return cause ? postgresFailure(cause, databaseUrl) : undefined
  // Never the password: only where DATABASE_URL points.
  const url = new URL(databaseUrl)
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`
  const refused = refusals[code]
  if (refused)
    return new SettingsError(
      `O PostgreSQL de DATABASE_URL (${where}) recusou a conexão: ${refused}. Confira DATABASE_URL.`,
    )
  const away = unreachable[code]
  if (away)
    return new UnavailableError(
      `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${where}): ${away}. Confira se ele está no ar e se DATABASE_URL está certo.`,
    )
  return undefined
}
