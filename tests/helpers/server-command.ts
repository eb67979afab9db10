/**
 * How tests start the real server: `node --enable-source-maps <bundle>`, as `npm start` does,
 * from the bundle tests/global-setup.ts builds fresh for the run (scripts/build-server.ts), so
 * a test never runs a server older than the code. Outside vitest (a script using the helpers)
 * the source runs through tsx. One process either way, so a signal reaches the server itself.
 */
import { provided } from './provided'

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string
  }
}

export function serverCommand(): { command: string; args: string[] } {
  const bundle = provided('serverBundle')
  return {
    command: process.execPath,
    args: bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'server/index.ts'],
  }
}
