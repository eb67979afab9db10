import { defineConfig } from 'vitest/config'
import { brandDefine } from './scripts/brand-build.ts'
import LongestFirst from './tests/sequencer.ts'

export default defineConfig({
  // src/brand.ts's values, as the build puts them (tests do not load vite.config.ts).
  define: brandDefine(),
  test: {
    // The JSON report lets CI print one 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-results.json' }]],
    // Vitest's default on 2 cores is one worker: every file, API and browser alike, one after
    // another, with a core idle while a journey waits on its browser. Two at a time.
    maxWorkers: 2,
    // The longest files first, across the projects (tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'sw/**/*.test.ts',
            // The test helpers' own tests (the OpenAPI validating proxy).
            'tests/helpers/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Components rendered in a DOM and used as a person would (Testing Library).
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup-components.ts'],
        },
      },
      {
        // Reads dist/: `npm test` builds first; `npm run test:unit` does not need a build.
        test: {
          name: 'size',
          include: ['tests/size/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // The demo database, made once per run and copied for every test server.
          globalSetup: ['tests/global-setup.ts'],
          // tests/fakes: stand-ins for providers (the Stripe fake, the PSP), held to their documents.
          include: ['server/**/*.test.ts', 'tests/fakes/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['tests/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As long as expectVisible waits (tests/helpers/expect.ts): vitest's 1 s default failed
          // a CEP lookup that took longer on a busy CI machine.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one server per file, each on its own port, profile and data: two
          // files may run at once. Not `fileParallelism: false`: vitest 4 runs such files in a
          // group of their own after every other file, so the journeys never overlapped the API
          // tests (35 min quiet, one core idle, measured 2026-11-26).
        },
      },
    ],
  },
})
