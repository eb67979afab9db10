import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shortClassNames, shortName } from './css-class-names'

const root = resolve(import.meta.dirname, '..')

describe('short class names for the built CSS modules', () => {
  it('counts in letters, as short as the count allows', () => {
    expect([0, 1, 25, 26, 51, 52, 53].map(shortName)).toEqual(['a', 'b', 'z', 'A', 'Z', 'ab', 'bb'])
    const many = Array.from({ length: 52 * 52 + 10 }, (_, index) => shortName(index))
    expect(new Set(many).size).toBe(many.length)
  })

  it('names every class of every module apart, and the same on every call', () => {
    const name = shortClassNames(root)
    const again = shortClassNames(root)
    const button = resolve(root, 'src/ui/button.module.css')
    const chip = resolve(root, 'src/ui/chip.module.css')
    expect(name('primary', button)).toMatch(/^_[a-zA-Z]{1,3}$/)
    expect(name('primary', button)).toBe(again('primary', `${button}?used`))
    expect(name('spin', button)).not.toBe(name('primary', button))
    expect(name('chip', chip)).not.toBe(name('primary', button))
  })

  it('a class the map does not know stops the build instead of colliding', () => {
    const name = shortClassNames(root)
    expect(() => name('noSuchClass', resolve(root, 'src/ui/button.module.css'))).toThrow(
      /fora do mapa/,
    )
  })
})
