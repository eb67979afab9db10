/** The operations variables of config.ts: LOG_LEVEL. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('LOG_LEVEL', () => {
  it('defaults to info', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info' })
  })

  it('reads a level in any case', () => {
    expect(loadConfig({ LOG_LEVEL: 'WARN' })).toMatchObject({ logLevel: 'warn' })
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent')
  })

  it.each([
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL inválido: "verbose". Use fatal, error, warn, info/],
  ])('fails fast on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
