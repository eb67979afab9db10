/**
 * How tests start the real server: `node --enable-source-maps <bundle>`, as `npm start` does,
 * from the bundle tests/global-setup.ts builds fresh for the run (scripts/build-server.ts), so
 * a test never runs a server older than the code. Outside vitest (a script using the helpers)
 * the source runs through tsx. One process either way, so a signal reaches the server itself.
 *
 * Test servers also run PGlite's WebAssembly on V8's baseline compiler only (`--liftoff-only`):
 * they live seconds to minutes, and the optimizing compiler's work on PGlite while it starts was
 * a third of a start's CPU (4.8 → 3.3 s per start), with less CPU overall even over 150 logins
 * and 1,500 reads of contracts and instalments (2-core machine, busy). JavaScript is unchanged.
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
    args: bundle
      ? ['--enable-source-maps', '--liftoff-only', bundle]
      : ['--import', 'tsx', 'server/index.ts'],
  }
}
