/**
 * How tests start the real server: `node --enable-source-maps <bundle>`, as `npm start` does,
 * from the bundle tests/global-setup.ts builds fresh for the run (scripts/build-server.ts), so
 * a test never runs a server older than the code. Outside vitest (a script using the helpers)
 * the source runs through tsx. One process either way, so a signal reaches the server itself.
 */
import { resolve } from 'node:path'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string
  }
}

export const repositoryRoot = resolve(import.meta.dirname, '../..')

export function serverCommand(): { command: string; args: string[] } {
  let bundle: string | undefined
  try {
    bundle = inject('serverBundle')
  } catch {
    // Not inside a vitest worker.
  }
  return {
    command: process.execPath,
    args: bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'server/index.ts'],
  }
}
