/** `npm run bench`: runs the benchmarks, prints one table, writes bench-results.json. */
import { existsSync, writeFileSync } from 'node:fs'
import { offlineCardBench } from './offline-card'

if (!existsSync('dist/index.html')) {
  console.error('dist/ não existe: rode `npm run build` antes do benchmark.')
  process.exit(1)
}

const results: Record<string, unknown> = {}
const rows: Array<[string, string, string]> = []

const card = await offlineCardBench()
results.offlineCard = card
rows.push(
  [
    'Offline cold start → card visible (app, median of 5, 4× CPU)',
    `${card.appMs.toFixed(0)} ms`,
    '≤ 1000 ms',
  ],
  ['Offline cold start → card visible (static floor)', `${card.floorMs.toFixed(0)} ms`, ''],
  ['Ratio app / floor', `${card.ratio.toFixed(2)}×`, '≤ 1.5×'],
)

const width = Math.max(...rows.map(([name]) => name.length))
console.log(`\n${'Measure'.padEnd(width)}  ${'Result'.padStart(10)}  Budget`)
for (const [name, value, budget] of rows)
  console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${budget}`)
writeFileSync(
  'bench-results.json',
  `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`,
)
console.log('\nbench-results.json escrito.')
