/**
 * Moves this process's clock to another day, for the run that proves no test depends on the day
 * it runs (.ci/run): with TEST_NOW set to an instant (ISO 8601), `Date` starts there and keeps
 * running at the real pace. Loaded with `NODE_OPTIONS=--import <this file>`, so every Node
 * process of the run (Vitest's workers, the database templates' build, the servers tests start)
 * lives on the same day. Without TEST_NOW it does nothing.
 */
const target = process.env.TEST_NOW
if (target) {
  const RealDate = Date
  const at = RealDate.parse(target)
  if (Number.isNaN(at)) throw new Error(`TEST_NOW não é um instante ISO 8601: ${target}`)
  const offset = at - RealDate.now()
  const now = () => RealDate.now() + offset
  globalThis.Date = new Proxy(RealDate, {
    construct: (real, args, newTarget) =>
      Reflect.construct(real, args.length === 0 ? [now()] : args, newTarget),
    // Date() called as a function gives the time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (real, key, receiver) => (key === 'now' ? now : Reflect.get(real, key, receiver)),
  })
}
