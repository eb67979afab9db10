/**
 * Demo mode only: Pix Automático at the sandbox PSP, as the API Pix 2.9.0 defines it.
 *   POST /locrec, GET /locrec/{id}                  the recurrence's location (its QR)
 *   POST /rec, GET|PATCH /rec/{idRec}               the recurrence: CRIADA → APROVADA | REJEITADA
 *                                                   | EXPIRADA, APROVADA → CANCELADA
 *   POST /solicrec, GET|PATCH /solicrec/{id}        the request to the payer's bank (journey 1)
 *   PUT|GET|PATCH /cobr/{txid}                      each charge: CRIADA → ATIVA → CONCLUIDA |
 *   POST /cobr/{txid}/retentativa/{data}            EXPIRADA | CANCELADA, and its attempts
 *   PUT|GET|DELETE /webhookrec, /webhookcobr        where changes are posted (…/rec, …/cobr)
 * and, as the payer and the payer's bank (helpers, /sandbox/pix/…): approve, reject or cancel an
 * authorization; settle a charge's attempt, or fail it for lack of funds.
 * The rules the document states are checked with its words; two come from the Pix Automático
 * regulation instead (a charge is sent 2 to 10 days before its due date; retries fall within 7
 * days after it), and are said so where they refuse.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { pixRecurrenceBrCode } from '../../adapters/payment-gateway/pix-code'
import { addDays, nextBusinessDay } from '../../adapters/pix-api/due-amount'
import {
  type AttemptStatus,
  type CobrStatus,
  cobrCancelamento,
  cobrSolicitada,
  idRecPattern,
  idSolicRecPattern,
  type RecStatus,
  recCancelamento,
  recSolicitada,
  type SolicRecStatus,
  solicRecCancelamento,
  solicRecSolicitada,
} from '../../adapters/pix-api/recurrence-schemas'
import { fromValor, txidPattern, webhookSolicitado } from '../../adapters/pix-api/schemas'
import type { AppEnv } from '../../deps'
import { ApiError } from '../../http/errors'
import {
  endToEndId,
  param,
  problem,
  resourceProblems,
  sandboxBank,
  violation,
} from './sandbox-pix-api'
import {
  bankDay,
  type Json,
  readRecord,
  recordReceived,
  recordsOf,
  removeRecord,
  type SandboxContext,
  sequence,
  writeRecord,
} from './sandbox-pix-records'

type Entry<S> = { status: S; data: string }
type Rec = Json & {
  idRec: string
  status: RecStatus
  vinculo: { contrato: string; devedor: { cpf?: string; cnpj?: string; nome: string } }
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: string }
  valor?: { valorRec?: string; valorMinimoRecebedor?: string }
  politicaRetentativa: string
  loc?: { id: number; location: string; criacao: string; idRec?: string }
  atualizacao: Entry<RecStatus>[]
  ativacao: { tipoJornada: string; dadosJornada?: { txid: string } }
  encerramento?: Json
  pagador?: Json
}
type SolicRec = Json & {
  idSolicRec: string
  idRec: string
  calendario: { dataExpiracaoSolicitacao: string }
  destinatario: { ispbParticipante: string; cpf?: string; cnpj?: string }
  status: SolicRecStatus
  atualizacao: Entry<SolicRecStatus>[]
}
type Attempt = {
  dataLiquidacao: string
  tipo: 'AGND' | 'NTAG'
  status: AttemptStatus
  endToEndId: string
  atualizacao: Entry<AttemptStatus>[]
}
type Cobr = Json & {
  idRec: string
  txid: string
  calendario: { criacao: string; dataDeVencimento: string }
  valor: { original: string }
  status: CobrStatus
  politicaRetentativa: string
  atualizacao: Entry<CobrStatus>[]
  tentativas: Attempt[]
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[]
  encerramento?: Json
}

export const sandboxRecMessages = {
  recNotFound: 'Recorrência não encontrada.',
  recNotCreated:
    'A recorrência já foi respondida: só uma recorrência CRIADA pode ser aprovada ou rejeitada.',
  recNotApproved: 'Só uma recorrência APROVADA pode ser cancelada pelo pagador.',
  requestExpired: 'A solicitação de recorrência expirou.',
  cobrNotFound: 'Cobrança recorrente não encontrada.',
  noAttempt: 'A cobrança recorrente não tem tentativa agendada.',
  cobNotPaid: 'A cobrança imediata da jornada 3 não pôde ser paga.',
} as const

/** Retries the regulation allows after the due date (PERMITE_3R_7D). */
const RETRIES = 3
const RETRY_DAYS = 7

/** Which cycle of the recurrence a due date falls in (one charge per cycle). */
function cycleOf(date: string, periodicity: string) {
  const [year = 0, month = 1] = date.split('-').map(Number)
  if (periodicity === 'SEMANAL') {
    // The Monday of the date's week.
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
    return addDays(date, -weekday)
  }
  if (periodicity === 'TRIMESTRAL') return `${year}-T${Math.ceil(month / 3)}`
  if (periodicity === 'SEMESTRAL') return `${year}-S${Math.ceil(month / 6)}`
  if (periodicity === 'ANUAL') return String(year)
  return date.slice(0, 7)
}

export function sandboxRecurrence(context: SandboxContext) {
  const { db, scoped, body, postSigned } = context
  const now = () => context.now().toISOString()
  const today = () => bankDay(context.now())
  const host = new URL(context.selfUrl).host
  const stamp = () => today().replaceAll('-', '')

  const { invalid: recInvalid, notFound: recNotFound } = resourceProblems('Rec', {
    invalid: 'Recorrência inválida.',
    notFound: 'Recorrência não encontrada.',
    notFoundName: 'RecNaoEncontrada',
    notFoundDetail: 'Recorrência não encontrada para o idRec informado.',
  })
  const { invalid: solicInvalid, notFound: solicNotFound } = resourceProblems('SolicRec', {
    invalid: 'Solicitação de recorrência inválida.',
    notFound: 'Solicitação de recorrência não encontrada.',
    notFoundName: 'SolicRecNaoEncontrada',
    notFoundDetail: 'Solicitação de recorrência não encontrada para o idSolicRec informado.',
  })
  const { invalid: cobrInvalid, notFound: cobrNotFound } = resourceProblems('CobR', {
    invalid: 'Cobrança recorrente inválida.',
    notFound: 'Cobrança recorrente não encontrada.',
    notFoundDetail: 'Cobrança não encontrada para o txid informado.',
  })

  async function hookUrl(kind: 'webhookrec' | 'webhookcobr') {
    const hook = await readRecord<{ webhookUrl: string }>(db, kind, 'webhook')
    return hook?.body.webhookUrl
  }

  /** RecNotification to `{webhookrec}/rec`. */
  async function notifyRec(rec: Rec) {
    const url = await hookUrl('webhookrec')
    if (!url) return
    const { idRec, status, atualizacao, encerramento, ativacao } = rec
    await postSigned(url, 'rec', {
      recs: [{ idRec, status, atualizacao, ativacao, ...(encerramento ? { encerramento } : {}) }],
    })
  }

  /** CobRNotification to `{webhookcobr}/cobr`. */
  async function notifyCobr(cobr: Cobr) {
    const url = await hookUrl('webhookcobr')
    if (!url) return
    const { idRec, txid, status, atualizacao, tentativas, pix, encerramento } = cobr
    await postSigned(url, 'cobr', {
      cobsr: [
        {
          idRec,
          txid,
          status,
          atualizacao,
          tentativas,
          ...(pix ? { pix } : {}),
          ...(encerramento ? { encerramento } : {}),
        },
      ],
    })
  }

  // Inside a transaction, pass it: on PGlite a read beside an open transaction waits for it.
  const requestsOf = async (idRec: string, executor: Parameters<typeof recordsOf>[0] = db) =>
    (await recordsOf<SolicRec>(executor, 'solicrec')).filter((request) => request.idRec === idRec)
  const open = (request: SolicRec) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(request.status)

  /**
   * A request past its expiry expires, and with it a recurrence still CRIADA (the payer never
   * answered). Checked whenever either is read or answered.
   */
  async function expireRequests(idRec: string) {
    for (const request of await requestsOf(idRec)) {
      if (!open(request) || request.calendario.dataExpiracaoSolicitacao > now()) continue
      const expired = await db.transaction(async (tx) => {
        const current = await readRecord<SolicRec>(tx, 'solicrec', request.idSolicRec, true)
        if (!current || !open(current.body)) return null
        const at = now()
        await writeRecord(tx, 'solicrec', request.idSolicRec, {
          ...current.body,
          status: 'EXPIRADA',
          atualizacao: [...current.body.atualizacao, { status: 'EXPIRADA', data: at }],
        })
        const rec = await readRecord<Rec>(tx, 'rec', idRec, true)
        if (rec?.body.status !== 'CRIADA') return null
        const next: Rec = {
          ...rec.body,
          status: 'EXPIRADA',
          atualizacao: [...rec.body.atualizacao, { status: 'EXPIRADA', data: at }],
        }
        await writeRecord(tx, 'rec', idRec, next)
        return next
      })
      if (expired) await notifyRec(expired)
    }
  }

  /** RecPayload: what the payer's bank shows of the recurrence. */
  const payloadOf = (rec: Rec) => ({
    idRec: rec.idRec,
    vinculo: rec.vinculo,
    calendario: rec.calendario,
    ...(rec.valor ? { valor: rec.valor } : {}),
    politicaRetentativa: rec.politicaRetentativa,
    recebedor: { ...(rec.recebedor as Json), ispbParticipante: sandboxBank.ispb },
    atualizacao: rec.atualizacao,
  })

  async function solicBody(request: SolicRec) {
    const rec = await readRecord<Rec>(db, 'rec', request.idRec)
    return { ...request, ...(rec ? { recPayload: payloadOf(rec.body) } : {}) }
  }

  /** Moves a recurrence from CRIADA as the payer answered; null when it was not CRIADA. */
  async function answer(idRec: string, to: 'APROVADA' | 'REJEITADA', journey?: string) {
    await expireRequests(idRec)
    const answered = await db.transaction(async (tx) => {
      const rec = await readRecord<Rec>(tx, 'rec', idRec, true)
      if (!rec) return 'UNKNOWN' as const
      if (rec.body.status !== 'CRIADA') return 'ANSWERED' as const
      const at = now()
      const request = (await requestsOf(idRec, tx)).find(open)
      if (request) {
        const status = to === 'APROVADA' ? 'ACEITA' : 'REJEITADA'
        await writeRecord(tx, 'solicrec', request.idSolicRec, {
          ...request,
          status,
          atualizacao: [...request.atualizacao, { status, data: at }],
        })
      }
      const next: Rec = {
        ...rec.body,
        status: to,
        atualizacao: [...rec.body.atualizacao, { status: to, data: at }],
        ...(to === 'APROVADA'
          ? {
              ativacao: {
                tipoJornada: request ? 'JORNADA_1' : (journey ?? 'JORNADA_2'),
                ...(journey === 'JORNADA_3' && rec.body.ativacao.dadosJornada
                  ? { dadosJornada: rec.body.ativacao.dadosJornada }
                  : {}),
              },
              pagador: {
                ispbParticipante: request?.destinatario.ispbParticipante ?? sandboxBank.ispb,
                ...(rec.body.vinculo.devedor.cpf
                  ? { cpf: rec.body.vinculo.devedor.cpf }
                  : { cnpj: rec.body.vinculo.devedor.cnpj }),
              },
            }
          : {
              encerramento: {
                rejeicao: {
                  codigo: 'AP13',
                  descricao: 'Autorização recusada pelo usuário pagador.',
                },
              },
            }),
      }
      await writeRecord(tx, 'rec', idRec, next)
      return next
    })
    if (typeof answered !== 'string') await notifyRec(answered)
    return answered
  }

  /** Ends a recurrence (CANCELADA) for whoever asked; null when it cannot be cancelled. */
  async function cancelRec(idRec: string, by: 'USUARIO_RECEBEDOR' | 'USUARIO_PAGADOR') {
    const cancelled = await db.transaction(async (tx) => {
      const rec = await readRecord<Rec>(tx, 'rec', idRec, true)
      if (!rec) return 'UNKNOWN' as const
      const allowed = by === 'USUARIO_PAGADOR' ? ['APROVADA'] : ['CRIADA', 'APROVADA']
      if (!allowed.includes(rec.body.status)) return 'ENDED' as const
      const next: Rec = {
        ...rec.body,
        status: 'CANCELADA',
        atualizacao: [...rec.body.atualizacao, { status: 'CANCELADA', data: now() }],
        encerramento: {
          cancelamento:
            by === 'USUARIO_RECEBEDOR'
              ? {
                  solicitante: by,
                  codigo: 'SLCR',
                  descricao: 'Cancelamento solicitado pelo usuário recebedor.',
                }
              : {
                  solicitante: by,
                  codigo: 'SLDB',
                  descricao: 'Cancelamento solicitado pelo usuário pagador.',
                },
        },
      }
      await writeRecord(tx, 'rec', idRec, next)
      return next
    })
    if (typeof cancelled !== 'string') await notifyRec(cancelled)
    return cancelled
  }

  /** Changes a cobr in one transaction and posts it; the outcome of `change`, or its refusal. */
  async function changeCobr<R extends string>(
    txid: string,
    change: (cobr: Cobr) => Cobr | R,
    extra?: (cobr: Cobr, tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<void>,
  ): Promise<Cobr | R | 'UNKNOWN'> {
    // Only letters and digits name a charge (and reach the database).
    if (!/^[a-zA-Z0-9]{1,35}$/.test(txid)) return 'UNKNOWN'
    const changed = await db.transaction(async (tx) => {
      const current = await readRecord<Cobr>(tx, 'cobr', txid, true)
      if (!current) return 'UNKNOWN' as const
      const next = change(current.body)
      if (typeof next === 'string') return next
      await writeRecord(tx, 'cobr', txid, next)
      await extra?.(next, tx)
      return next
    })
    if (typeof changed !== 'string') await notifyCobr(changed)
    return changed
  }

  const attempt = (date: string, tipo: Attempt['tipo']): Attempt => {
    const at = now()
    return {
      dataLiquidacao: date,
      tipo,
      status: 'AGENDADA',
      endToEndId: endToEndId(context.now()),
      atualizacao: [
        { status: 'SOLICITADA', data: at },
        { status: 'AGENDADA', data: at },
      ],
    }
  }
  const pending = (cobr: Cobr) =>
    cobr.tentativas.find((item) => item.status === 'SOLICITADA' || item.status === 'AGENDADA')
  const moveAttempt = (item: Attempt, status: AttemptStatus): Attempt => ({
    ...item,
    status,
    atualizacao: [...item.atualizacao, { status, data: now() }],
  })
  const moveCobr = (cobr: Cobr, status: CobrStatus, rest: Partial<Cobr> = {}): Cobr => ({
    ...cobr,
    ...rest,
    status,
    atualizacao: [...cobr.atualizacao, { status, data: now() }],
  })

  const api = new Hono<AppEnv>()

  api.post('/locrec', scoped('payloadlocationrec.write'), async (c) => {
    const id = 1 + Math.floor(Math.random() * 2 ** 31)
    const token = sequence() + sequence()
    const loc = {
      id,
      location: `${host}/sandbox/pix-api/qr/rec/${token}`,
      // Required by PayloadLocationRecGerada (the value PayloadLocationRecSolicitada names).
      tipo: 'rec',
      criacao: now(),
    }
    await writeRecord(db, 'locrec', String(id), loc, { create: true })
    return c.json(loc, 201)
  })

  api.get('/locrec/:id', scoped('payloadlocationrec.read'), async (c) => {
    const loc = /^\d{1,12}$/.test(param(c, 'id'))
      ? await readRecord(db, 'locrec', param(c, 'id'))
      : null
    return loc
      ? c.json(loc.body)
      : problem(
          c,
          404,
          'PayloadLocationRecNaoEncontrado',
          'Location não encontrada.',
          'Location não encontrada para o id informado.',
        )
  })

  api.post('/rec', scoped('rec.write'), async (c) => {
    const parsed = v.safeParse(recSolicitada, await body(c))
    if (!parsed.success) return recInvalid(c, violation('rec', parsed.issues))
    const input = parsed.output
    if (input.calendario.dataInicial < today())
      return recInvalid(
        c,
        'O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.',
      )
    if (input.calendario.dataFinal && input.calendario.dataFinal < input.calendario.dataInicial)
      return recInvalid(
        c,
        'O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.',
      )
    if (input.valor?.valorRec && input.valor.valorMinimoRecebedor)
      return recInvalid(
        c,
        'Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.',
      )
    if (input.valor?.valorRec && fromValor(input.valor.valorRec) <= 0)
      return recInvalid(c, 'O campo rec.valor.valorRec não respeita o schema.')
    const retries = input.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N'
    const idRec = `R${retries}${sandboxBank.ispb}${stamp()}${sequence()}`
    const created = await db.transaction(async (tx) => {
      let loc: Rec['loc']
      if (input.loc !== undefined) {
        const found = await readRecord<NonNullable<Rec['loc']>>(
          tx,
          'locrec',
          String(input.loc),
          true,
        )
        if (!found) return 'O location referenciado por rec.loc inexiste.'
        if (found.body.idRec)
          return 'O location referenciado por rec.loc já está sendo utilizado por outra recorrência.'
        loc = { ...found.body, idRec }
        await writeRecord(tx, 'locrec', String(input.loc), loc)
      }
      const rec: Rec = {
        idRec,
        vinculo: input.vinculo,
        calendario: input.calendario,
        ...(input.valor ? { valor: input.valor } : {}),
        politicaRetentativa: input.politicaRetentativa,
        recebedor: {
          cnpj: sandboxBank.cnpj,
          nome: sandboxBank.merchantName,
          ...(input.recebedor?.convenio ? { convenio: input.recebedor.convenio } : {}),
        },
        status: 'CRIADA',
        ...(loc ? { loc } : {}),
        atualizacao: [{ status: 'CRIADA', data: now() }],
        ativacao: {
          tipoJornada: 'AGUARDANDO_DEFINICAO',
          ...(input.ativacao?.dadosJornada ? { dadosJornada: input.ativacao.dadosJornada } : {}),
        },
      }
      await writeRecord(tx, 'rec', idRec, rec, { create: true })
      return rec
    })
    return typeof created === 'string' ? recInvalid(c, created) : c.json(created, 201)
  })

  api.get('/rec/:idRec', scoped('rec.read'), async (c) => {
    const idRec = param(c, 'idRec')
    if (!idRecPattern.test(idRec)) return recNotFound(c)
    await expireRequests(idRec)
    const found = await readRecord<Rec>(db, 'rec', idRec)
    if (!found) return recNotFound(c)
    const rec = found.body
    const solicitacao = await Promise.all((await requestsOf(idRec)).map(solicBody))
    // The QR: the recurrence's (journey 2), or with the cob of `txid` read with it (journey 3).
    let dadosQR: Json | undefined
    const txid = c.req.query('txid')
    if (rec.loc && rec.status === 'CRIADA') {
      const cob =
        txid && /^[a-zA-Z0-9]{1,35}$/.test(txid) ? await context.cobLocation(txid) : undefined
      dadosQR = {
        jornada: cob ? 'JORNADA_3' : 'JORNADA_2',
        pixCopiaECola: pixRecurrenceBrCode({
          recurrenceLocation: rec.loc.location,
          cobLocation: cob,
          merchantName: sandboxBank.merchantName,
          merchantCity: sandboxBank.merchantCity,
        }),
      }
    }
    return c.json({
      ...rec,
      ...(solicitacao.length ? { solicitacao } : {}),
      ...(dadosQR ? { dadosQR } : {}),
    })
  })

  api.patch('/rec/:idRec', scoped('rec.write'), async (c) => {
    const idRec = param(c, 'idRec')
    if (!idRecPattern.test(idRec)) return recNotFound(c)
    if (!v.is(recCancelamento, await body(c)))
      return recInvalid(c, 'Este PSP só aceita o cancelamento: { "status": "CANCELADA" }.')
    const cancelled = await cancelRec(idRec, 'USUARIO_RECEBEDOR')
    if (cancelled === 'UNKNOWN') return recNotFound(c)
    if (cancelled === 'ENDED')
      return recInvalid(c, 'A recorrência encontra-se expirada, cancelada ou rejeitada.')
    return c.json(cancelled)
  })

  api.post('/solicrec', scoped('solicrec.write'), async (c) => {
    const parsed = v.safeParse(solicRecSolicitada, await body(c))
    if (!parsed.success) return solicInvalid(c, violation('solicrec', parsed.issues))
    const input = parsed.output
    if (input.calendario.dataExpiracaoSolicitacao <= now())
      return solicInvalid(
        c,
        'O campo solicrec.calendario.dataExpiracaoSolicitacao é anterior à data de criação da solicitação da recorrência.',
      )
    await expireRequests(input.idRec)
    const idSolicRec = `SC${sandboxBank.ispb}${stamp()}${sequence()}`
    const created = await db.transaction(async (tx) => {
      const rec = await readRecord<Rec>(tx, 'rec', input.idRec, true)
      if (!rec) return 'O campo solicrec.idRec não corresponde a uma recorrência.'
      if (rec.body.status !== 'CRIADA')
        return 'A recorrência de solicrec.idRec não está CRIADA: já foi respondida ou encerrada.'
      if ((await requestsOf(input.idRec, tx)).some(open))
        return 'Existe uma solicitação ativa referente ao mesmo solicrec.idRec.'
      const request: SolicRec = {
        idSolicRec,
        idRec: input.idRec,
        calendario: input.calendario,
        destinatario: input.destinatario,
        status: 'CRIADA',
        atualizacao: [{ status: 'CRIADA', data: now() }],
      }
      await writeRecord(tx, 'solicrec', idSolicRec, request, { create: true })
      return request
    })
    if (typeof created === 'string') return solicInvalid(c, created)
    // The bank sends it (pain.009) and the payer's bank acknowledges it at once.
    const at = now()
    await writeRecord(db, 'solicrec', idSolicRec, {
      ...created,
      status: 'RECEBIDA',
      atualizacao: [
        ...created.atualizacao,
        { status: 'ENVIADA', data: at },
        { status: 'RECEBIDA', data: at },
      ],
    })
    return c.json(await solicBody(created), 201)
  })

  api.get('/solicrec/:idSolicRec', scoped('solicrec.read'), async (c) => {
    if (!idSolicRecPattern.test(param(c, 'idSolicRec'))) return solicNotFound(c)
    const found = await readRecord<SolicRec>(db, 'solicrec', param(c, 'idSolicRec'))
    if (!found) return solicNotFound(c)
    await expireRequests(found.body.idRec)
    const current = await readRecord<SolicRec>(db, 'solicrec', param(c, 'idSolicRec'))
    return c.json(await solicBody(current?.body ?? found.body))
  })

  api.patch('/solicrec/:idSolicRec', scoped('solicrec.write'), async (c) => {
    if (!v.is(solicRecCancelamento, await body(c)))
      return solicInvalid(c, 'Este PSP só aceita o cancelamento: { "status": "CANCELADA" }.')
    const id = param(c, 'idSolicRec')
    if (!idSolicRecPattern.test(id)) return solicNotFound(c)
    const outcome = await db.transaction(async (tx) => {
      const found = await readRecord<SolicRec>(tx, 'solicrec', id, true)
      if (!found) return 'UNKNOWN' as const
      if (!open(found.body)) return 'CLOSED' as const
      const next: SolicRec = {
        ...found.body,
        status: 'CANCELADA',
        atualizacao: [...found.body.atualizacao, { status: 'CANCELADA', data: now() }],
      }
      await writeRecord(tx, 'solicrec', id, next)
      return next
    })
    if (outcome === 'UNKNOWN') return solicNotFound(c)
    if (outcome === 'CLOSED')
      return solicInvalid(
        c,
        'Não é possível cancelar uma solicitação de recorrência com o status diferente de CRIADA, ENVIADA ou RECEBIDA.',
      )
    // The document declares 201 for this answer.
    return c.json(await solicBody(outcome), 201)
  })

  api.put('/cobr/:txid', scoped('cobr.write'), async (c) => {
    const txid = param(c, 'txid')
    if (!txidPattern.test(txid))
      return cobrInvalid(c, 'O txid deve ter de 26 a 35 letras e dígitos.')
    const parsed = v.safeParse(cobrSolicitada, await body(c))
    if (!parsed.success) return cobrInvalid(c, violation('cobr', parsed.issues))
    const input = parsed.output
    const due = input.calendario.dataDeVencimento
    const day = today()
    if (due < day)
      return cobrInvalid(
        c,
        'O campo cobr.calendario.dataDeVencimento é anterior à data de criação da cobrança.',
      )
    if (due < addDays(day, 2) || due > addDays(day, 10))
      return cobrInvalid(
        c,
        'O campo cobr.calendario.dataDeVencimento deve estar entre 2 e 10 dias após a criação da cobrança (regulamento do Pix Automático).',
      )
    if (fromValor(input.valor.original) <= 0)
      return cobrInvalid(c, 'O campo cobr.valor não respeita o schema.')
    const created = await db.transaction(async (tx) => {
      const rec = await readRecord<Rec>(tx, 'rec', input.idRec, true)
      if (rec?.body.status !== 'APROVADA')
        return 'O campo cobr.idRec não corresponde a uma recorrência APROVADA.'
      const { calendario, valor, politicaRetentativa } = rec.body
      if (due < calendario.dataInicial || (calendario.dataFinal && due > calendario.dataFinal))
        return 'O campo cobr.calendario.dataDeVencimento está fora da vigência da recorrência.'
      if (valor?.valorRec && valor.valorRec !== input.valor.original)
        return 'O campo cobr.valor.original difere do valor fixo da recorrência (rec.valor.valorRec).'
      const cycle = cycleOf(due, calendario.periodicidade)
      const same = (await recordsOf<Cobr>(tx, 'cobr')).some(
        (other) =>
          other.idRec === input.idRec &&
          !['REJEITADA', 'CANCELADA'].includes(other.status) &&
          cycleOf(other.calendario.dataDeVencimento, calendario.periodicidade) === cycle,
      )
      if (same)
        return 'Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo cobr.idRec com calendario.dataDeVencimento no mesmo ciclo.'
      const cobr: Cobr = {
        idRec: input.idRec,
        txid,
        ...(input.infoAdicional ? { infoAdicional: input.infoAdicional } : {}),
        calendario: { criacao: day, dataDeVencimento: due },
        valor: input.valor,
        ajusteDiaUtil: input.ajusteDiaUtil,
        recebedor: { cnpj: sandboxBank.cnpj, nome: sandboxBank.merchantName, ...input.recebedor },
        ...(input.devedor ? { devedor: input.devedor } : {}),
        status: 'CRIADA',
        politicaRetentativa,
        atualizacao: [{ status: 'CRIADA', data: now() }],
        tentativas: [],
      }
      const fresh = await writeRecord(tx, 'cobr', txid, cobr, { create: true })
      return fresh ? cobr : 'O campo cobr.txid encontra-se em uso.'
    })
    if (typeof created === 'string') return cobrInvalid(c, created)
    // The payer's bank takes it: ATIVA, its first attempt scheduled for the due date.
    const settleOn = input.ajusteDiaUtil ? nextBusinessDay(due) : due
    await changeCobr(txid, (cobr) =>
      moveCobr(cobr, 'ATIVA', { tentativas: [attempt(settleOn, 'AGND')] }),
    )
    return c.json(created, 201)
  })

  api.get('/cobr/:txid', scoped('cobr.read'), async (c) => {
    const found = txidPattern.test(param(c, 'txid'))
      ? await readRecord<Cobr>(db, 'cobr', param(c, 'txid'))
      : null
    return found ? c.json(found.body) : cobrNotFound(c)
  })

  api.patch('/cobr/:txid', scoped('cobr.write'), async (c) => {
    if (!v.is(cobrCancelamento, await body(c)))
      return cobrInvalid(c, 'Este PSP só aceita o cancelamento: { "status": "CANCELADA" }.')
    const outcome = await changeCobr(param(c, 'txid'), (cobr) => {
      if (!['CRIADA', 'ATIVA'].includes(cobr.status))
        return 'A cobrança recorrente não está CRIADA nem ATIVA.'
      const first = cobr.tentativas[0]?.dataLiquidacao ?? cobr.calendario.dataDeVencimento
      if (today() >= first)
        return 'Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.'
      return moveCobr(cobr, 'CANCELADA', {
        tentativas: cobr.tentativas.map((item) =>
          item.status === 'AGENDADA' || item.status === 'SOLICITADA'
            ? moveAttempt(item, 'CANCELADA')
            : item,
        ),
        encerramento: {
          cancelamento: {
            solicitante: 'USUARIO_RECEBEDOR',
            codigo: 'SLCR',
            descricao: 'Cancelamento solicitado pelo usuário recebedor.',
          },
        },
      })
    })
    if (outcome === 'UNKNOWN') return cobrNotFound(c)
    return typeof outcome === 'string' ? cobrInvalid(c, outcome) : c.json(outcome)
  })

  api.post('/cobr/:txid/retentativa/:data', scoped('cobr.write'), async (c) => {
    const date = param(c, 'data')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      return cobrInvalid(c, 'O parâmetro data não respeita o schema.')
    const outcome = await changeCobr(param(c, 'txid'), (cobr) => {
      if (cobr.politicaRetentativa !== 'PERMITE_3R_7D')
        return 'A política configurada na recorrência não permite retentativa de cobrança.'
      if (cobr.status !== 'ATIVA') return 'A cobrança recorrente não está ATIVA.'
      if (pending(cobr)) return 'Existe uma tentativa com status SOLICITADA ou AGENDADA.'
      if (date <= today()) return 'O parâmetro data não corresponde a uma data futura.'
      if (cobr.tentativas.some((item) => item.dataLiquidacao === date))
        return 'Existe uma tentativa vigente para a data informada.'
      const due = cobr.calendario.dataDeVencimento
      if (date <= due || date > addDays(due, RETRY_DAYS))
        return `A data da retentativa deve estar nos ${RETRY_DAYS} dias após o vencimento (regulamento do Pix Automático).`
      if (cobr.tentativas.filter((item) => item.tipo === 'NTAG').length >= RETRIES)
        return `A cobrança já teve as ${RETRIES} retentativas que a política permite.`
      return { ...cobr, tentativas: [...cobr.tentativas, attempt(date, 'NTAG')] }
    })
    if (outcome === 'UNKNOWN') return cobrNotFound(c)
    return typeof outcome === 'string' ? cobrInvalid(c, outcome) : c.json(outcome, 201)
  })

  for (const [path, kind, what] of [
    ['/webhookrec', 'webhookrec', 'WebhookRec'],
    ['/webhookcobr', 'webhookcobr', 'WebhookCobR'],
  ] as const) {
    const notFound = (c: Parameters<typeof problem>[0]) =>
      problem(c, 404, 'NaoEncontrado', 'Webhook não encontrado.', 'Nenhum webhook configurado.')
    api.put(path, scoped(`${kind}.write`), async (c) => {
      const parsed = v.safeParse(webhookSolicitado, await body(c))
      if (!parsed.success)
        return problem(
          c,
          400,
          `${what}OperacaoInvalida`,
          'Webhook inválido.',
          'O campo webhookUrl não respeita o schema.',
        )
      await db.transaction(async (tx) => {
        const fresh = { webhookUrl: parsed.output.webhookUrl, criacao: now() }
        if (!(await writeRecord(tx, kind, 'webhook', fresh, { create: true })))
          await writeRecord(tx, kind, 'webhook', fresh)
      })
      return c.body(null, 200)
    })
    api.get(path, scoped(`${kind}.read`), async (c) => {
      const hook = await readRecord(db, kind, 'webhook')
      return hook ? c.json(hook.body) : notFound(c)
    })
    api.delete(path, scoped(`${kind}.write`), async (c) => {
      const gone = await db.transaction(async (tx) => {
        const hook = await readRecord(tx, kind, 'webhook', true)
        if (hook) await removeRecord(tx, kind, 'webhook')
        return hook !== null
      })
      return gone ? c.body(null, 204) : notFound(c)
    })
  }

  /** The attempt pending on a charge paid: the charge CONCLUIDA, its Pix recorded. */
  const settleCobr = (txid: string) =>
    changeCobr<'NO_ATTEMPT'>(
      txid,
      (cobr) => {
        const current = pending(cobr)
        if (cobr.status !== 'ATIVA' || !current) return 'NO_ATTEMPT'
        const horario = now()
        return moveCobr(cobr, 'CONCLUIDA', {
          tentativas: cobr.tentativas.map((item) =>
            item === current ? moveAttempt(item, 'PAGA') : item,
          ),
          pix: [{ endToEndId: current.endToEndId, txid, valor: cobr.valor.original, horario }],
        })
      },
      (cobr, tx) => recordReceived(tx, cobr.pix?.[0], context.pix.chave),
    )

  /** The payer and the payer's bank: /sandbox/pix/rec/… and /sandbox/pix/cobr/…. */
  const helpers = new Hono<AppEnv>()
    .post('/rec/:idRec/approve', async (c) => {
      const idRec = c.req.param('idRec')
      if (!idRecPattern.test(idRec)) throw new ApiError(404, sandboxRecMessages.recNotFound)
      const found = await readRecord<Rec>(db, 'rec', idRec)
      if (!found) throw new ApiError(404, sandboxRecMessages.recNotFound)
      // Journey 3: the payer pays the cob read in the same QR, then the authorization holds.
      const txid = found.body.ativacao.dadosJornada?.txid
      let paid: { endToEndId: string } | undefined
      if (txid && found.body.status === 'CRIADA' && !(await requestsOf(idRec)).some(open)) {
        const outcome = await context.payCob(txid)
        if (typeof outcome === 'string' && outcome !== 'ALREADY_PAID')
          throw new ApiError(409, sandboxRecMessages.cobNotPaid)
        if (typeof outcome !== 'string') paid = { endToEndId: outcome.endToEndId }
      }
      const answered = await answer(idRec, 'APROVADA', txid ? 'JORNADA_3' : undefined)
      if (answered === 'UNKNOWN') throw new ApiError(404, sandboxRecMessages.recNotFound)
      if (answered === 'ANSWERED') {
        const now = await readRecord<Rec>(db, 'rec', idRec)
        throw new ApiError(
          409,
          now?.body.status === 'EXPIRADA'
            ? sandboxRecMessages.requestExpired
            : sandboxRecMessages.recNotCreated,
        )
      }
      return c.json({
        idRec,
        status: answered.status,
        jornada: answered.ativacao.tipoJornada,
        ...paid,
      })
    })
    .post('/rec/:idRec/reject', async (c) => {
      const idRec = c.req.param('idRec')
      const answered = idRecPattern.test(idRec) ? await answer(idRec, 'REJEITADA') : 'UNKNOWN'
      if (answered === 'UNKNOWN') throw new ApiError(404, sandboxRecMessages.recNotFound)
      if (answered === 'ANSWERED') throw new ApiError(409, sandboxRecMessages.recNotCreated)
      return c.json({ idRec, status: answered.status })
    })
    .post('/rec/:idRec/cancel', async (c) => {
      const idRec = c.req.param('idRec')
      const cancelled = idRecPattern.test(idRec)
        ? await cancelRec(idRec, 'USUARIO_PAGADOR')
        : 'UNKNOWN'
      if (cancelled === 'UNKNOWN') throw new ApiError(404, sandboxRecMessages.recNotFound)
      if (cancelled === 'ENDED') throw new ApiError(409, sandboxRecMessages.recNotApproved)
      return c.json({ idRec, status: cancelled.status })
    })
    .post('/cobr/:txid/settle', async (c) => {
      const txid = c.req.param('txid')
      const settled = await settleCobr(txid)
      if (settled === 'UNKNOWN') throw new ApiError(404, sandboxRecMessages.cobrNotFound)
      if (settled === 'NO_ATTEMPT') throw new ApiError(409, sandboxRecMessages.noAttempt)
      return c.json({ txid, status: settled.status, endToEndId: settled.pix?.[0]?.endToEndId })
    })
    .post('/cobr/:txid/fail', async (c) => {
      // Lack of funds: the day's attempt ends unpaid; without a retry left, so does the charge.
      const failed = await changeCobr<'NO_ATTEMPT'>(c.req.param('txid'), (cobr) => {
        const current = pending(cobr)
        if (cobr.status !== 'ATIVA' || !current) return 'NO_ATTEMPT'
        const tentativas = cobr.tentativas.map((item) =>
          item === current ? moveAttempt(item, 'EXPIRADA') : item,
        )
        const retries = tentativas.filter((item) => item.tipo === 'NTAG').length
        const last = addDays(cobr.calendario.dataDeVencimento, RETRY_DAYS)
        const over =
          cobr.politicaRetentativa !== 'PERMITE_3R_7D' || retries >= RETRIES || today() >= last
        return over ? moveCobr(cobr, 'EXPIRADA', { tentativas }) : { ...cobr, tentativas }
      })
      if (failed === 'UNKNOWN') throw new ApiError(404, sandboxRecMessages.cobrNotFound)
      if (failed === 'NO_ATTEMPT') throw new ApiError(409, sandboxRecMessages.noAttempt)
      return c.json({ txid: failed.txid, status: failed.status })
    })
    // The payer's bank on the day: every attempt of the authorization due by today is paid (the
    // debit a real bank makes by itself on the due date); the charges still ahead are listed.
    .post('/rec/:idRec/debit', async (c) => {
      const idRec = c.req.param('idRec')
      if (!idRecPattern.test(idRec) || !(await readRecord<Rec>(db, 'rec', idRec)))
        throw new ApiError(404, sandboxRecMessages.recNotFound)
      const settled: string[] = []
      const waiting: Array<{ txid: string; data: string }> = []
      for (const cobr of await recordsOf<Cobr>(db, 'cobr')) {
        const attempt = cobr.idRec === idRec && cobr.status === 'ATIVA' ? pending(cobr) : undefined
        if (!attempt) continue
        if (attempt.dataLiquidacao > today()) {
          waiting.push({ txid: cobr.txid, data: attempt.dataLiquidacao })
          continue
        }
        const done = await settleCobr(cobr.txid)
        if (typeof done !== 'string') settled.push(cobr.txid)
      }
      return c.json({ idRec, settled, waiting })
    })

  return { api, helpers }
}
