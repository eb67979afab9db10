import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The JSON report lets CI print one 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-results.json' }]],
    projects: [
      {
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
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server per file; files run one after another on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
