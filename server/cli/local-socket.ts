/**
 * The running server's door for the provider's command line, on this machine only: an HTTP
 * server on a Unix socket in DATA_DIR (`portal.sock`, mode 0600). The embedded database is one
 * process's, so while the server runs on it, `npm run portal -- backup` asks the server for the
 * copy instead of opening the folder. Whoever may read DATA_DIR may copy it anyway: the socket's
 * file permissions are its only key, and it answers nothing else.
 */
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs'
import { chmod, unlink } from 'node:fs/promises'
import { createServer, type IncomingMessage, request, type Server } from 'node:http'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Logger } from '../logger'

export const socketPath = (dataDir: string) => join(dataDir, 'portal.sock')

/** Unix socket paths are limited to 108 bytes on Linux (sun_path), with its final NUL. */
const SOCKET_PATH_MAX = 107

/**
 * Listens on DATA_DIR's socket. The caller holds DATA_DIR's lock, so a socket file already there
 * was left by a server that was killed: it is replaced. Returns the stop.
 */
export async function startLocalSocket(
  dataDir: string,
  backup: () => Promise<Blob>,
  logger: Logger,
): Promise<() => Promise<void>> {
  const path = socketPath(dataDir)
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) {
    logger.warn(
      `[backup] o caminho de DATA_DIR é longo demais para o socket local (${path}): para copiar o banco, pare o servidor e rode npm run portal -- backup.`,
    )
    return async () => {}
  }
  await unlink(path).catch(() => undefined)
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end()
      return
    }
    const started = performance.now()
    backup().then(
      async (copy) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': copy.size })
        await pipeline(Readable.fromWeb(copy.stream() as never), res)
        logger.info(
          `[backup] cópia do banco entregue (${copy.size} bytes, ${Math.round(performance.now() - started)} ms)`,
        )
      },
      (error) => {
        logger.error({ err: error }, '[backup] a cópia do banco falhou')
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(error instanceof Error ? error.message : String(error))
      },
    )
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(path, () => done())
  })
  await chmod(path, 0o600)
  return async () => {
    await new Promise<void>((done) => server.close(() => done()))
    await unlink(path).catch(() => undefined)
  }
}

/**
 * Asks the server running on DATA_DIR for a copy and writes it to `file` (through a `.parcial`
 * file, renamed once complete: a file named `file` is always a whole copy). Returns its size,
 * or undefined when no server answers on the socket.
 */
export async function backupThroughServer(
  dataDir: string,
  file: string,
): Promise<number | undefined> {
  const path = socketPath(dataDir)
  if (!existsSync(path)) return undefined
  const partial = `${file}.parcial`
  // Left by a copy that was interrupted: never a whole copy, so never kept.
  rmSync(partial, { force: true })
  const response = await new Promise<IncomingMessage | undefined>((done, fail) => {
    const req = request({ socketPath: path, method: 'POST', path: '/backup' }, done)
    req.on('error', (error: NodeJS.ErrnoException) =>
      // A socket left by a killed server: nobody listens.
      ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? done(undefined) : fail(error),
    )
    req.end()
  })
  if (!response) return undefined
  if (response.statusCode !== 200) {
    let text = ''
    for await (const chunk of response) text += chunk
    throw new Error(`o servidor não fez a cópia: ${text || response.statusCode}`)
  }
  try {
    await pipeline(response, createWriteStream(partial, { flags: 'wx' }))
    const expected = Number(response.headers['content-length'])
    const size = statSync(partial).size
    if (size !== expected) throw new Error(`cópia incompleta: ${size} de ${expected} bytes`)
    renameSync(partial, file)
    return size
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}
