/**
 * The order files start in: the longest first, whatever their project. Two workers share the
 * run, and a long file that starts late keeps one of them busy after the other has finished.
 * Vitest's own order runs the projects one after another (api, components, e2e, size, unit),
 * and within each the files it timed before, longest first, or else the largest. A CI machine
 * starts from a fresh clone with no timings of its own, so the slow files' figures are here,
 * from a CI run beside a CPU hog (2026-11-27). A run this machine timed before wins: vitest's
 * cache holds every file's last duration. The figures only order the files; a stale one costs
 * time, never a result.
 */
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Milliseconds, by path from the repository's root. */
const slowFiles: Record<string, number> = {
  'tests/e2e/registration-offline.test.ts': 330_688,
  'server/crash/card-crash.test.ts': 184_197,
  'tests/e2e/payments-checkout.test.ts': 182_942,
  'tests/e2e/member-cards.test.ts': 132_637,
  'tests/e2e/registration-forms.test.ts': 120_583,
  'tests/e2e/passkeys.test.ts': 107_095,
  'server/fuzz/api-fuzz.test.ts': 107_077,
  'tests/e2e/provider-payments.test.ts': 105_894,
  'tests/e2e/reads.test.ts': 104_385,
  'tests/e2e/payments-list.test.ts': 78_584,
  'tests/e2e/login.test.ts': 78_248,
  'tests/e2e/contracts.test.ts': 77_966,
  'tests/e2e/offline-profile.test.ts': 74_602,
  'tests/e2e/payments-screens.test.ts': 72_928,
  'tests/e2e/brand.test.ts': 66_676,
  'tests/e2e/registration.test.ts': 64_342,
  'tests/e2e/layout-and-focus.test.ts': 64_150,
  'server/cli/backup.test.ts': 63_525,
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const duration = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId)
      const timed = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)
      return timed?.duration ?? slowFiles[path] ?? 0
    }
    // Vitest's order breaks the ties (Array.prototype.sort is stable).
    const ordered = await super.sort(files)
    return ordered
      .map((spec) => ({ spec, ms: duration(spec) }))
      .sort((a, b) => b.ms - a.ms)
      .map(({ spec }) => spec)
  }
}
