import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { prettyLine } from './log-pretty'
import { maskPersonalData } from './logger'
import { captureLogs } from './testing'

describe('maskPersonalData', () => {
  it.each([
    ['para ana@exemplo.com.br', 'para [e-mail]'],
    ['<ana.paula+x@mail.clube.example>: rejected', '<[e-mail]>: rejected'],
    ['smtps://user:segredo@mail.example.com', 'smtps://user:[e-mail]'],
    ['WhatsApp +5511987654321 falhou', 'WhatsApp [telefone] falhou'],
    ['(11) 98765-4321', '[telefone]'],
    ['CPF 529.982.247-25', 'CPF [cpf]'],
    ['params: 52998224725,x', 'params: [cpf ou telefone],x'],
    // What is not personal stays as it was.
    ['cobrança 3f1c2b7a-0d3e-4c55-9b1e-6f0a2d4c8e91 em 1795343541842', null],
    ['[reconciliador] devolução E12345678202501011200abcdefghijk', null],
    ['R$ 1.234,56 em 12 parcelas', null],
  ])('%s', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked ?? text)
  })
})

describe('logger', () => {
  it('outside demo mode masks messages and drops the values of a failed query', () => {
    const { logger, records } = captureLogs(false)
    const failed = new DrizzleQueryError(
      'insert into persons (email, cpf) values ($1, $2)',
      ['ana@exemplo.com.br', '52998224725'],
      new Error('duplicate key value violates unique constraint'),
    )
    Object.assign(failed, { detail: 'Key (email)=(ana@exemplo.com.br) already exists.' })
    logger.warn({ err: failed }, 'gravação de ana@exemplo.com.br falhou')
    const [record] = records
    expect(record?.msg).toBe('gravação de [e-mail] falhou')
    const err = record?.err as Record<string, unknown>
    expect(err.message).toBe(
      'Failed query: insert into persons (email, cpf) values ($1, $2)\nparams: [omitidos]',
    )
    expect(err.query).toBe('insert into persons (email, cpf) values ($1, $2)')
    expect(err).not.toHaveProperty('params')
    expect(err).not.toHaveProperty('detail')
    expect(JSON.stringify(record)).not.toMatch(/ana@|52998224725/)
  })

  it('in demo mode logs them as they are', () => {
    const { logger, records } = captureLogs(true)
    logger.info('[demo] código 123456 enviado para ana@exemplo.com.br por e-mail')
    expect(records[0]?.msg).toBe('[demo] código 123456 enviado para ana@exemplo.com.br por e-mail')
  })
})

describe('prettyLine (demo mode on a terminal)', () => {
  const time = '2026-03-01T17:02:11.123Z'
  const clock = new Date(time).toLocaleTimeString('pt-BR', { hour12: false })

  it('shows a request as method, route, status and duration', () => {
    const line = JSON.stringify({
      level: 'info',
      time,
      pid: 1,
      hostname: 'h',
      requestId: 'r1',
      method: 'POST',
      route: '/socios-api/client/login',
      status: 200,
      durationMs: 8.12,
      msg: 'requisição',
    })
    expect(prettyLine(line)).toBe(`${clock} POST /socios-api/client/login 200 8.12 ms\n`)
  })

  it('shows the level when it matters, other fields, and an error’s stack', () => {
    const line = JSON.stringify({
      level: 'error',
      time,
      msg: '[login] falha',
      requestId: 'r2',
      attempt: 2,
      err: { message: 'fora do ar', stack: 'Error: fora do ar\n    at x' },
    })
    expect(prettyLine(line)).toBe(
      `${clock} ERRO [login] falha attempt=2\n    Error: fora do ar\n        at x\n`,
    )
  })
})
