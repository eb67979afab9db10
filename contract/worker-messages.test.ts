import { describe, expect, it } from 'vitest'
import { outboxUrls } from './worker-messages'

describe('the outbox keeps the saves sent under the configured API base', () => {
  it.each([
    [
      '/socios-api',
      [
        'https://portal.exemplo.com.br/socios-api/client/photo-holder',
        'https://portal.exemplo.com.br/socios-api/client/add-dependent',
      ],
    ],
    [
      '/api/v2',
      [
        'https://portal.exemplo.com.br/api/v2/client/photo-holder',
        'https://portal.exemplo.com.br/api/v2/client/add-dependent',
      ],
    ],
    [
      'https://api.exemplo.com.br/socios',
      [
        'https://api.exemplo.com.br/socios/client/photo-holder',
        'https://api.exemplo.com.br/socios/client/add-dependent',
      ],
    ],
  ])('%s', (base, urls) => {
    expect(outboxUrls(base, 'https://portal.exemplo.com.br')).toEqual(urls)
  })
})
