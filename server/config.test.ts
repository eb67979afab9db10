import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, loadDatabaseConfig, parseDuration } from './config'

describe('parseDuration', () => {
  it.each([
    ['300', 300],
    ['45s', 45],
    ['15m', 900],
    ['12h', 43_200],
    ['30d', 2_592_000],
    [' 5M ', 300],
  ])('%s is %i seconds', (raw, seconds) => {
    expect(parseDuration('TOKEN_TTL', raw)).toBe(seconds)
  })

  it.each(['', '0', '-5', '1.5h', '10w', 'abc', '5 minutes'])('rejects %j', (raw) => {
    expect(() => parseDuration('OTP_TTL', raw)).toThrow(/OTP_TTL inválido/)
  })
})

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      demo: true,
      jwtSecret: undefined,
      tokenTtlSeconds: 30 * 86_400,
      passTtlSeconds: 7 * 86_400,
      otpTtlSeconds: 300,
      smtpUrl: undefined,
      mailFrom: 'Portal do Titular <nao-responda@portal.local>',
      whatsapp: undefined,
      staticDir: './dist',
      otpLimitPerDestination: 5,
      otpLimitPerAddress: 30,
      trustProxy: 0,
      paymentsOff: false,
      connectOrigins: [],
    })
  })

  it('collects the other origins the browser calls, and refuses a bad one', () => {
    expect(
      loadConfig({
        VITE_API_BASE: '/socios-api',
        VITE_GATEWAY_URL: 'https://pagamentos.exemplo.com/api',
        VITE_CEP_URL: 'https://pagamentos.exemplo.com/cep',
      }).connectOrigins,
    ).toEqual(['https://pagamentos.exemplo.com'])
    expect(() => loadConfig({ VITE_GATEWAY_URL: 'ftp://x' })).toThrow(ConfigError)
  })

  it('turns demo off by default with PostgreSQL, and DEMO overrides either way', () => {
    const databaseUrl = 'postgres://u:p@db:5432/portal'
    const production = { PUBLIC_URL: 'https://portal.example', PAYMENTS: 'off' }
    expect(loadConfig({ DATABASE_URL: databaseUrl, ...production }).demo).toBe(false)
    expect(loadConfig({ DATABASE_URL: databaseUrl, DEMO: '1' }).demo).toBe(true)
    expect(loadConfig({ DATABASE_URL: databaseUrl, DEMO: 'true' }).demo).toBe(true)
    expect(loadConfig({ DEMO: '0', ...production }).demo).toBe(false)
    expect(loadConfig({ DEMO: 'false', ...production }).demo).toBe(false)
  })

  it('listens on loopback only in demo mode, everywhere outside it, and HOST decides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    const production = { DEMO: '0', PUBLIC_URL: 'https://portal.example', PAYMENTS: 'off' }
    expect(loadConfig(production).host).toBe('0.0.0.0')
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5')
  })

  it('refuses to start outside demo mode without PUBLIC_URL and a way to pay, one sentence each', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ DEMO: '0', ...env })
    expect(start({})).toThrow(
      /falta configurar:\n- Defina PUBLIC_URL.*\n- Nenhuma forma de pagamento configurada/s,
    )
    expect(start({ PAYMENTS: 'off' })).toThrow(/Defina PUBLIC_URL/)
    expect(start({ PAYMENTS: 'off' })).not.toThrow(/forma de pagamento/)
    expect(start({ PUBLIC_URL: 'https://portal.example' })).toThrow(/PAYMENTS=off/)
    expect(start({ PUBLIC_URL: 'https://portal.example', PAYMENTS: 'off' })).not.toThrow()
    expect(start({ PUBLIC_URL: 'https://portal.example', PAYMENTS: 'talvez' })).toThrow(
      /PAYMENTS inválido/,
    )
  })

  it('opens the database for the command line without the settings only the server needs', () => {
    // keys, import and backup touch neither the bank nor the gateway: no PIX_*, no PAYMENTS=off.
    expect(loadDatabaseConfig({ DEMO: '0', DATA_DIR: '/srv/dados' })).toEqual({
      databaseUrl: undefined,
      dataDir: '/srv/dados',
      demo: false,
      logLevel: 'info',
    })
    const databaseUrl = 'postgres://u:p@db:5432/portal'
    expect(loadDatabaseConfig({ DATABASE_URL: databaseUrl })).toMatchObject({
      databaseUrl,
      demo: false,
    })
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://db/portal' })).toThrow(
      /DATABASE_URL inválido/,
    )
    expect(() => loadDatabaseConfig({ DEMO: 'talvez' })).toThrow(/DEMO inválido/)
    // The same environment still stops the server.
    expect(() => loadConfig({ DEMO: '0', DATA_DIR: '/srv/dados' })).toThrow(/forma de pagamento/)
  })

  const production = { DEMO: '0', PUBLIC_URL: 'https://portal.example' }
  const pixVars = {
    PIX_API_URL: 'https://pix.banco.example/v2',
    PIX_CLIENT_ID: 'cliente',
    PIX_CLIENT_SECRET: 'segredo',
    PIX_CHAVE: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    PIX_WEBHOOK_SECRET: 'segredo-do-webhook',
  }
  const stripeVars = {
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51abcdefgh',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcdefgh',
    STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12',
  }

  it('starts outside demo mode with Pix alone: no card and boleto gateway', () => {
    const config = loadConfig({ ...production, ...pixVars })
    expect(config.pix?.apiUrl).toBe('https://pix.banco.example/v2')
    expect(config.gateway).toBeUndefined()
  })

  it('takes Pix Automático only with PIX_CONTA: the account its recurring charges pay into', () => {
    expect(loadConfig({ ...production, ...pixVars }).pix?.account).toBeUndefined()
    expect(
      loadConfig({ ...production, ...pixVars, PIX_CONTA: '000123456', PIX_AGENCIA: '0001' }).pix
        ?.account,
    ).toEqual({ account: '000123456', type: 'CORRENTE', branch: '0001' })
    expect(
      loadConfig({ ...production, ...pixVars, PIX_CONTA: '9', PIX_TIPO_CONTA: 'PAGAMENTO' }).pix
        ?.account,
    ).toEqual({ account: '9', type: 'PAGAMENTO', branch: undefined })
    expect(() => loadConfig({ ...production, ...pixVars, PIX_CONTA: '12-3' })).toThrow(/PIX_CONTA/)
    expect(() =>
      loadConfig({ ...production, ...pixVars, PIX_CONTA: '1', PIX_TIPO_CONTA: 'OUTRA' }),
    ).toThrow(/PIX_TIPO_CONTA/)
    // Demo mode: the sandbox bank's account.
    expect(loadConfig({}).pix?.account).toEqual({
      account: '012682',
      type: 'CORRENTE',
      branch: '9708',
    })
  })

  it('starts outside demo mode with Stripe alone, keys checked by their kind', () => {
    const config = loadConfig({ ...production, ...stripeVars })
    expect(config.pix).toBeUndefined()
    expect(config.gateway).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_51abcdefgh',
      publishableKey: 'pk_test_51abcdefgh',
      webhookSecret: 'whsec_abcdefgh12',
      apiUrl: undefined,
      jsUrl: 'https://js.stripe.com/v3/',
    })
    const start = (env: Record<string, string>) => () =>
      loadConfig({ ...production, ...stripeVars, ...env })
    expect(start({ STRIPE_SECRET_KEY: '' })).toThrow(
      'Com PAYMENT_GATEWAY=stripe, defina também STRIPE_SECRET_KEY.',
    )
    expect(start({ STRIPE_SECRET_KEY: 'pk_test_51abcdefgh' })).toThrow(/STRIPE_SECRET_KEY inválido/)
    expect(start({ STRIPE_WEBHOOK_SECRET: 'segredo' })).toThrow(/STRIPE_WEBHOOK_SECRET inválido/)
    expect(start({ STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcdefgh' })).toThrow(/modos diferentes/)
    expect(start({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL inválido/)
    expect(start({ PAYMENT_GATEWAY: 'pagseguro' })).toThrow(
      /PAYMENT_GATEWAY inválido.*Use stripe\./,
    )
    expect(start({ PAYMENT_GATEWAY: 'sandbox' })).toThrow(/só existe no modo de demonstração/)
    expect(start({ PAYMENT_GATEWAY: '' })).toThrow(/definido sem PAYMENT_GATEWAY=stripe/)
  })

  it('uses the sandbox gateway in demo mode, and PAYMENTS=off takes every method away', () => {
    expect(loadConfig({}).gateway).toEqual({ kind: 'sandbox' })
    expect(loadConfig({ PAYMENTS: 'off' })).toMatchObject({ gateway: undefined, pix: undefined })
    expect(loadConfig({ ...production, ...pixVars, ...stripeVars, PAYMENTS: 'off' })).toMatchObject(
      { gateway: undefined, pix: undefined },
    )
  })

  it("reads TRUST_PROXY as a number of proxies, 'true' and 'false' as 1 and 0", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3)
  })

  it('sends payment reminders 3 days ahead, checking every hour, unless told otherwise', () => {
    expect(loadConfig({}).reminders).toEqual({ daysBefore: 3, everyMs: 3_600_000 })
    expect(loadConfig({ REMINDER_DAYS_BEFORE: '0', REMINDERS_EVERY: '15m' }).reminders).toEqual({
      daysBefore: 0,
      everyMs: 900_000,
    })
    expect(loadConfig({ REMINDERS_EVERY: 'off' }).reminders.everyMs).toBeUndefined()
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8080, demo: true })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/var/lib/portal',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL: '12h',
      PASS_TTL: '2d',
      OTP_TTL: '90',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'Clube <oi@clube.example>',
      WHATSAPP_API_URL: 'https://wa.example/send',
      WHATSAPP_TOKEN: 'secret',
      PUBLIC_URL: 'https://portal.example/',
      STATIC_DIR: '/srv/dist',
      OTP_LIMIT_PER_DESTINATION: '3',
      OTP_LIMIT_PER_ADDRESS: '100',
      TRUST_PROXY: '2',
      HOST: '::',
    })
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/portal',
      tokenTtlSeconds: 43_200,
      passTtlSeconds: 172_800,
      otpTtlSeconds: 90,
      smtpUrl: 'smtps://user:pass@mail.example.com',
      mailFrom: 'Clube <oi@clube.example>',
      whatsapp: { apiUrl: 'https://wa.example/send', token: 'secret' },
      publicUrl: 'https://portal.example',
      staticDir: '/srv/dist',
      otpLimitPerDestination: 3,
      otpLimitPerAddress: 100,
      trustProxy: 2,
      host: '::',
    })
  })

  it.each([
    [{ PORT: 'abc' }, /PORT inválido/],
    [{ PORT: '70000' }, /PORT inválido/],
    [{ DEMO: 'talvez' }, /DEMO inválido/],
    [{ TOKEN_TTL: '30 dias' }, /TOKEN_TTL inválido/],
    [{ PASS_TTL: '0' }, /PASS_TTL inválido/],
    [{ DATABASE_URL: 'mysql://db/portal' }, /DATABASE_URL inválido/],
    [{ JWT_SECRET: 'curto' }, /JWT_SECRET inválido/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL inválido/],
    [{ WHATSAPP_API_URL: 'https://wa.example/send' }, /WHATSAPP_API_URL e WHATSAPP_TOKEN/],
    [{ OTP_LIMIT_PER_ADDRESS: '0' }, /OTP_LIMIT_PER_ADDRESS inválido/],
    [{ PUBLIC_URL: 'portal.example' }, /PUBLIC_URL inválido/],
    [{ TRUST_PROXY: 'sim' }, /TRUST_PROXY inválido/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY inválido/],
    [{ REMINDER_DAYS_BEFORE: '31' }, /REMINDER_DAYS_BEFORE inválido/],
    [{ REMINDER_DAYS_BEFORE: 'três' }, /REMINDER_DAYS_BEFORE inválido/],
    [{ REMINDERS_EVERY: '30s' }, /REMINDERS_EVERY inválido: "30s". Use pelo menos 1m, ou off/],
    [{ REMINDERS_EVERY: 'sempre' }, /REMINDERS_EVERY inválido/],
  ])('fails fast on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
