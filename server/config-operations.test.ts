/** The operations variables of config.ts: LOG_LEVEL and METRICS_TOKEN. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('LOG_LEVEL and METRICS_TOKEN', () => {
  it('default to info and no metrics', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', metricsToken: undefined })
  })

  it('read a level in any case and a long enough token', () => {
    const token = 'Abc123-._~+/=!xyzw'
    expect(loadConfig({ LOG_LEVEL: 'WARN', METRICS_TOKEN: token })).toMatchObject({
      logLevel: 'warn',
      metricsToken: token,
    })
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent')
  })

  it.each([
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL inválido: "verbose". Use fatal, error, warn, info/],
    [{ METRICS_TOKEN: 'curto' }, /METRICS_TOKEN inválido: use pelo menos 16 caracteres/],
    [{ METRICS_TOKEN: 'dezesseis caracteres' }, /METRICS_TOKEN inválido/],
    [{ METRICS_TOKEN: 'sem-acentuação-é-melhor' }, /METRICS_TOKEN inválido/],
  ])('fails fast on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
