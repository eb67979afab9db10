/** The answer cache's bounds and the header parsing of versioned reads (http/versioned.ts). */
import { describe, expect, it } from 'vitest'
import { AnswerCache, type KeptAnswer, matchesTag, preferredEncoding } from './versioned'

const answer = (bytes: number): KeptAnswer => ({ identity: new Uint8Array(bytes) })

describe('AnswerCache', () => {
  it('drops the least recently used past its count', () => {
    const cache = new AnswerCache(2, 1_000)
    cache.set('"a"', answer(1))
    cache.set('"b"', answer(1))
    cache.get('"a"')
    cache.set('"c"', answer(1))
    expect(cache.get('"b"')).toBeUndefined()
    expect(cache.get('"a"')).toBeDefined()
    expect(cache.get('"c"')).toBeDefined()
  })

  it('stays under its bytes, copies included, and does not keep one answer too big', () => {
    const cache = new AnswerCache(100, 800)
    cache.set('"big"', answer(101))
    expect(cache.get('"big"')).toBeUndefined()
    for (const tag of ['"a"', '"b"', '"c"', '"d"', '"e"', '"f"', '"g"', '"h"'])
      cache.set(tag, answer(100))
    expect(cache.keptBytes).toBe(800)
    const kept = cache.get('"h"')
    if (!kept) throw new Error('"h" não ficou')
    cache.addCopy('"h"', kept, 'gzip', new Uint8Array(50))
    expect(cache.keptBytes).toBeLessThanOrEqual(800)
    expect(cache.get('"a"')).toBeUndefined()
    expect(cache.get('"h"')?.gzip).toHaveLength(50)
  })
})

describe('headers', () => {
  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesTag('"x.1"', '"x.1"')).toBe(true)
    expect(matchesTag('"y", W/"x.1"', '"x.1"')).toBe(true)
    expect(matchesTag('*', '"x.1"')).toBe(true)
    expect(matchesTag('"x.2"', '"x.1"')).toBe(false)
    expect(matchesTag(undefined, '"x.1"')).toBe(false)
  })

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding('*, br;q=0, gzip;q=0')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })
})
