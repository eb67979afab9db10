/**
 * Builds the run's demo databases (tests/helpers/database-templates.ts) in processes of their
 * own: PGlite ends the process that closes it (vitest's own, here), and a second PGlite opened
 * in a process that closed one never settles (exit code 13).
 *   tsx tests/build-database-templates.ts data <DATA_DIR>
 *   tsx tests/build-database-templates.ts dump <DATA_DIR> <file>
 */
import { buildDemoDataDir, dumpDataDir } from './helpers/database-templates'

const [what, dataDir, file] = process.argv.slice(2)
if (what === 'data' && dataDir) await buildDemoDataDir(dataDir)
else if (what === 'dump' && dataDir && file) await dumpDataDir(dataDir, file)
else throw new Error('uso: build-database-templates.ts data <pasta> | dump <pasta> <arquivo>')
