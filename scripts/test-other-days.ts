/**
 * The unit, component and API tests again, with this run's clock moved to days a calendar gets
 * wrong: the 31st of a month late on a Saturday evening in São Paulo (already the 1st in UTC),
 * and 29 February late in the evening (already 1 March in UTC). A test that reads the demo's
 * dates against a fixed calendar day, or one that forgets São Paulo's offset, fails here on any
 * day, not only on the day it would have failed.
 * Every Node process of the run lives on the moved day (tests/helpers/shifted-clock.mjs through
 * NODE_OPTIONS). The suites that run on both databases run on PGlite only: the engine is not the
 * subject, and the ones that need PostgreSQL still get it.
 *   npm run test:other-days            the days below
 *   npm run test:other-days -- <ISO>   one instant of your own (e.g. 2027-12-31T23:59:00-03:00)
 * Not here, by subject: the fuzz (input classes, replayed from a seed), the crash suites (kills)
 * and the backups (copies); each runs in `npm test` on the real day.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const days = process.argv.slice(2)
const moved = days.length > 0 ? days : ['2027-07-31T22:30:00-03:00', '2028-02-29T22:30:00-03:00']
const notHere = ['server/fuzz/**', 'server/crash/**', 'server/cli/backup.test.ts']

let failed = 0
for (const [index, day] of moved.entries()) {
  console.log(`\n== Testes com o relógio em ${day}`)
  const run = spawnSync(
    resolve(root, 'node_modules/.bin/vitest'),
    [
      'run',
      ...['--project', 'unit', '--project', 'components', '--project', 'api'],
      ...notHere.flatMap((glob) => ['--exclude', glob]),
      ...['--reporter', 'default', '--reporter', 'json'],
      `--outputFile.json=.tmp/vitest-results-other-day-${index + 1}.json`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_NOW: day,
        TEST_BACKENDS: 'pglite',
        NODE_OPTIONS: [
          process.env.NODE_OPTIONS,
          `--import=${resolve(root, 'tests/helpers/shifted-clock.mjs')}`,
        ]
          .filter(Boolean)
          .join(' '),
      },
    },
  )
  if (run.status !== 0) failed += 1
}
process.exit(failed > 0 ? 1 : 0)
