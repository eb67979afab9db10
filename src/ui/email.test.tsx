import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Email } from './email'

describe('an e-mail wraps only at sensible points', () => {
  it.each([
    ['bruno@exemplo.com.br', '<span>bruno@<wbr/>exemplo<wbr/>.com<wbr/>.br</span>'],
    ['ana@localhost', '<span>ana@<wbr/>localhost</span>'],
    ['sem-arroba', 'sem-arroba'],
  ])('%s', (value, markup) => {
    expect(renderToStaticMarkup(<Email value={value} />)).toBe(markup)
  })
})
