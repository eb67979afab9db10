import { describe, expect, it } from 'vitest'
import { VersionMemo } from './version-memo'

describe('the versions a process keeps of its own database', () => {
  it('keeps what a lookup found, per contract and person, until a notice for that contract', () => {
    const memo = new VersionMemo()
    memo.keep(memo.mark(), 'c1', 'ana', '41')
    memo.keep(memo.mark(), 'c2', 'bruno', '7')
    expect(memo.get('c1', 'ana')).toBe('41')
    expect(memo.get('c1', 'bruno')).toBeUndefined()
    memo.notice('c1')
    expect(memo.get('c1', 'ana')).toBeUndefined()
    expect(memo.get('c2', 'bruno')).toBe('7')
  })

  it('never keeps a version read before a notice that came while the lookup ran', () => {
    const memo = new VersionMemo()
    const mark = memo.mark()
    // The write commits (and its notice arrives) between the read of the version and its keep.
    memo.notice('c1')
    memo.keep(mark, 'c1', 'ana', '41')
    expect(memo.get('c1', 'ana')).toBeUndefined()
  })

  it("'*' forgets everything; a full memo starts over instead of growing", () => {
    const memo = new VersionMemo(2)
    memo.keep(memo.mark(), 'c1', 'ana', '1')
    memo.keep(memo.mark(), 'c2', 'ana', '2')
    memo.keep(memo.mark(), 'c3', 'ana', '3')
    expect([memo.get('c1', 'ana'), memo.get('c2', 'ana'), memo.get('c3', 'ana')]).toEqual([
      undefined,
      undefined,
      '3',
    ])
    memo.notice('*')
    expect(memo.get('c3', 'ana')).toBeUndefined()
  })
})
