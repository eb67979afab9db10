/**
 * The server answers exactly the operations declared in contract/operations.ts, methods
 * included: a route added, renamed or given another method without its declaration fails here,
 * and so does a declaration the server does not answer. The app calls the API only through
 * operations declared in contract/api/ (src/api/call.ts), and each of those is in the list.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { queuedPaths } from '../../contract/api/queued-paths'
import { apiBase, serverRoute } from '../../contract/operation'
import { operations } from '../../contract/operations'
import { type QueuedOperation, queuedWrites } from '../../contract/queued'
import { createTestServer } from '../testing'

const declared = operations.map((op) => `${op.method} ${serverRoute(op).replace(/\/$/, '')}`)

const apiFolder = join(import.meta.dirname, '../../contract/api')
/** Every operation exported by a file of contract/api/, where the app imports them from. */
const exported = (
  await Promise.all(
    readdirSync(apiFolder)
      .filter((file) => file.endsWith('.ts'))
      .map(async (file) => Object.entries(await import(join(apiFolder, file)))),
  )
)
  .flat()
  .filter(([, value]) => typeof value === 'object' && value !== null && 'answers' in value)

describe('the route table is the declared operations', async () => {
  // Demo mode mounts /dev and /sandbox too: they are the demo's, not the API's.
  const server = await createTestServer('pglite')
  const answered = server.app.routes
    .filter(
      (route) =>
        route.method !== 'ALL' &&
        (route.path.startsWith(`${apiBase}/`) || route.path === '/metrics'),
    )
    .map((route) => `${route.method} ${route.path.replace(/\/$/, '')}`)
  await server.close()

  it('every route the server answers is declared', () => {
    expect(answered.filter((route) => !declared.includes(route))).toEqual([])
  })

  it('every declared operation is answered', () => {
    expect(declared.filter((operation) => !answered.includes(operation))).toEqual([])
  })

  it('each operation is declared once, with a unique id', () => {
    expect(new Set(declared).size).toBe(declared.length)
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length)
  })

  it('every operation of contract/api/, which the app calls, is in the list, by its id', () => {
    expect(exported.length).toBe(operations.length)
    for (const [name, op] of exported) {
      expect(operations as readonly unknown[], name).toContain(op)
      expect((op as { id: string }).id).toBe(name)
    }
  })

  it('a path parameter of each operation is declared with its schema', () => {
    for (const op of operations) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      expect(Object.keys('params' in op ? op.params : {}).sort(), op.id).toEqual(names.sort())
    }
  })
})

/** Code that runs in production: tests and their support (testing/, fuzz, crash runs) aside. */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file))
    .filter(
      (file) => !/\.test\.tsx?$|[/\\](testing|fuzz|crash)[/\\]|[/\\]src[/\\]test[/\\]/.test(file),
    )
}

describe('paths are written once, in contract/', () => {
  // Each declared path's first segment ('/client', '/checkout', …), as a string would begin.
  const firstSegments = [...new Set(operations.map((op) => op.path.split('/')[1] ?? ''))]
  const literal = new RegExp(
    `['"\`](${apiBase})?/(${firstSegments.map((s) => s.replace('.', '\\.')).join('|')})([/'"\`?]|$)`,
  )
  const root = join(import.meta.dirname, '../..')

  it.each(['server', 'src', 'sw'])('no file in %s/ writes an API path', (dir) => {
    const found = productionFiles(join(root, dir)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          literal.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(found).toEqual([])
  })

  it('the check sees a path written outside contract/', () => {
    expect(literal.test("app.get('/client/contract/:id', handler)")).toBe(true)
    expect(literal.test('fetch(`/socios-api/checkout/paid?code=` + code)')).toBe(true)
    expect(literal.test("app.get(at('getContract'), handler)")).toBe(false)
  })
})

describe('the writes the app queues offline are the operations declared so', () => {
  it('the same operations, by identity; the worker intercepts exactly their paths', () => {
    const declaredQueued = operations.filter((op) => 'queuedOffline' in op && op.queuedOffline)
    expect(Object.keys(queuedWrites).sort()).toEqual(declaredQueued.map((op) => op.id).sort())
    for (const op of declaredQueued) expect(queuedWrites[op.id as QueuedOperation], op.id).toBe(op)
    expect(Object.values(queuedPaths).sort()).toEqual(declaredQueued.map((op) => op.path).sort())
  })
})
