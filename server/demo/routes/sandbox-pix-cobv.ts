/**
 * Demo mode only: cobrança com vencimento at the sandbox PSP, as the API Pix 2.9.0 defines it.
 *   PUT|GET|PATCH /cobv/{txid}   create (or alter while ATIVA), read, remove
 * and, as the payer's bank, POST /sandbox/pix/cobv/{txid}/pay[?data=YYYY-MM-DD]: pays it on that
 * day (today by default) with the amount the bank computes (due-amount.ts: fine and interest
 * after the due date, discount before it, rebate always), or 410 past its last payable day.
 * The Pix is posted to the key's webhook ({webhookUrl}/pix), with its componentesValor.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { pixDynamicBrCode } from '../../adapters/payment-gateway/pix-code'
import { cobvAmountOn, cobvProblem } from '../../adapters/pix-api/due-amount'
import {
  type CobvSolicitada,
  type CobvValor,
  cobvRemocao,
  cobvSolicitada,
} from '../../adapters/pix-api/due-date-schemas'
import { toValor, txidPattern } from '../../adapters/pix-api/schemas'
import type { AppEnv } from '../../deps'
import { ApiError } from '../../http/errors'
import { endToEndId, param, resourceProblems, sandboxBank, violation } from './sandbox-pix-api'
import {
  bankDay,
  type Json,
  readRecord,
  recordReceived,
  type SandboxContext,
  sequence,
  writeRecord,
} from './sandbox-pix-records'

type Cobv = Json & {
  txid: string
  revisao: number
  status: string
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number }
  valor: CobvValor
  chave: string
}

export const sandboxCobvMessages = {
  notFound: 'Cobrança com vencimento não encontrada.',
  notActive: 'A cobrança com vencimento não está ATIVA: já foi paga ou removida.',
  expired: 'A cobrança com vencimento passou do último dia em que podia ser paga.',
  badDay: 'Informe a data do pagamento como AAAA-MM-DD.',
} as const

export function sandboxDueDate(context: SandboxContext) {
  const { db, scoped, body } = context
  const host = new URL(context.selfUrl).host
  const { invalid, notFound } = resourceProblems('CobV', {
    invalid: 'Cobrança inválida.',
    notFound: 'Cobrança não encontrada.',
    notFoundName: 'CobVNaoEncontrada',
    notFoundDetail: 'Cobrança com vencimento não encontrada para o txid informado.',
  })

  /** GET's answer: the record, with the Pix received and the parts it paid. */
  const withPix = (cobv: Cobv, meta: Json) => ({ ...cobv, pix: (meta.pix as Json[]) ?? [] })

  function build(txid: string, input: CobvSolicitada, previous?: Cobv): Cobv {
    const criacao = previous?.calendario.criacao ?? context.now().toISOString()
    const loc = (previous?.loc as Json | undefined) ?? {
      id: 1 + Math.floor(Math.random() * 2 ** 31),
      location: `${host}/sandbox/pix-api/qr/cobv/${sequence()}${sequence()}`,
      tipoCob: 'cobv',
      criacao,
      txid,
    }
    const location = loc.location as string
    return {
      calendario: { criacao, ...input.calendario },
      txid,
      revisao: previous ? previous.revisao + 1 : 0,
      loc,
      location,
      status: 'ATIVA',
      devedor: input.devedor,
      recebedor: { cnpj: sandboxBank.cnpj, nome: sandboxBank.merchantName, ...sandboxBank.address },
      valor: input.valor,
      chave: input.chave,
      ...(input.solicitacaoPagador ? { solicitacaoPagador: input.solicitacaoPagador } : {}),
      pixCopiaECola: pixDynamicBrCode({
        location,
        merchantName: sandboxBank.merchantName,
        merchantCity: sandboxBank.merchantCity,
      }),
    }
  }

  const api = new Hono<AppEnv>()

  api.put('/cobv/:txid', scoped('cobv.write'), async (c) => {
    const txid = param(c, 'txid')
    if (!txidPattern.test(txid)) return invalid(c, 'O txid deve ter de 26 a 35 letras e dígitos.')
    const parsed = v.safeParse(cobvSolicitada, await body(c))
    if (!parsed.success) return invalid(c, violation('cobv', parsed.issues))
    const input = parsed.output
    if (input.chave !== context.pix.chave)
      return invalid(
        c,
        'O campo cobv.chave corresponde a uma conta que não pertence a este usuário recebedor.',
      )
    const broken = cobvProblem(input.valor, input.calendario, bankDay(context.now()))
    if (broken) return invalid(c, broken)
    const written = await db.transaction(async (tx) => {
      const previous = await readRecord<Cobv>(tx, 'cobv', txid, true)
      if (!previous) {
        const cobv = build(txid, input)
        await writeRecord(tx, 'cobv', txid, cobv, { create: true })
        return cobv
      }
      if (previous.body.status !== 'ATIVA') return null
      const cobv = build(txid, input, previous.body)
      await writeRecord(tx, 'cobv', txid, cobv)
      return cobv
    })
    return written
      ? c.json(written, 201)
      : invalid(c, 'A cobrança já existe, não está ATIVA, e a presente requisição busca alterá-la.')
  })

  api.get('/cobv/:txid', scoped('cobv.read'), async (c) => {
    const found = /^[a-zA-Z0-9]{1,35}$/.test(param(c, 'txid'))
      ? await readRecord<Cobv>(db, 'cobv', param(c, 'txid'))
      : null
    return found ? c.json(withPix(found.body, found.meta)) : notFound(c)
  })

  api.patch('/cobv/:txid', scoped('cobv.write'), async (c) => {
    const txid = param(c, 'txid')
    if (!v.is(cobvRemocao, await body(c)))
      return invalid(
        c,
        'Este PSP só aceita a remoção: { "status": "REMOVIDA_PELO_USUARIO_RECEBEDOR" }.',
      )
    if (!txidPattern.test(txid)) return notFound(c)
    const outcome = await db.transaction(async (tx) => {
      const found = await readRecord<Cobv>(tx, 'cobv', txid, true)
      if (!found) return 'UNKNOWN' as const
      if (found.body.status !== 'ATIVA') return 'CLOSED' as const
      const removed = {
        ...found.body,
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
        revisao: found.body.revisao + 1,
      }
      await writeRecord(tx, 'cobv', txid, removed)
      return removed
    })
    if (outcome === 'UNKNOWN') return notFound(c)
    if (outcome === 'CLOSED')
      return invalid(c, 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.')
    return c.json(outcome)
  })

  const helpers = new Hono<AppEnv>().post('/cobv/:txid/pay', async (c) => {
    const txid = c.req.param('txid')
    const day = c.req.query('data') ?? bankDay(context.now())
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
      throw new ApiError(400, sandboxCobvMessages.badDay)
    const at = context.now()
    const outcome = await db.transaction(async (tx) => {
      const found = txidPattern.test(txid) ? await readRecord<Cobv>(tx, 'cobv', txid, true) : null
      if (!found) return 'UNKNOWN' as const
      if (found.body.status !== 'ATIVA') return 'CLOSED' as const
      const amount = cobvAmountOn(found.body.valor, found.body.calendario, day)
      if (!amount) return 'EXPIRED' as const
      const parts = Object.fromEntries(
        (['original', 'multa', 'juros', 'abatimento', 'desconto'] as const)
          .filter((name) => name === 'original' || amount[name] > 0)
          .map((name) => [name, { valor: toValor(amount[name]) }]),
      )
      const pix = {
        endToEndId: endToEndId(at),
        txid,
        valor: toValor(amount.final),
        chave: found.body.chave,
        horario: at.toISOString(),
        componentesValor: parts,
      }
      await recordReceived(tx, pix, found.body.chave)
      await writeRecord(
        tx,
        'cobv',
        txid,
        { ...found.body, status: 'CONCLUIDA', revisao: found.body.revisao + 1 },
        { meta: { pix: [pix] } },
      )
      return pix
    })
    if (outcome === 'UNKNOWN') throw new ApiError(404, sandboxCobvMessages.notFound)
    if (outcome === 'CLOSED') throw new ApiError(409, sandboxCobvMessages.notActive)
    if (outcome === 'EXPIRED') throw new ApiError(410, sandboxCobvMessages.expired)
    await context.notifyPix(outcome.chave, { pix: [outcome] })
    return c.json({ status: 'PAID', ...outcome })
  })

  return { api, helpers }
}
