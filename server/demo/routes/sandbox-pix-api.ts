/**
 * Demo mode only: a receiving bank (PSP) that speaks the Central Bank's API Pix v2, mounted at
 * /sandbox/pix-api, so the checkout's Pix client (server/adapters/pix-api/client.ts) is the same
 * code that would talk to a real bank. It implements what the product uses:
 *   POST /oauth/token                       OAuth2 client credentials (Basic auth)
 *   PUT|GET|PATCH /v2/cob/{txid}            cobrança imediata: create, read, remove
 *   GET /v2/pix/{e2eid}                     a Pix received
 *   PUT|GET /v2/pix/{e2eid}/devolucao/{id}  devolução (settled at once)
 *   PUT|GET|DELETE /v2/webhook/{chave}      where received Pix are posted
 *   Pix Automático (sandbox-pix-rec.ts) and cobrança com vencimento (sandbox-pix-cobv.ts)
 * and, as the payer's bank, POST /sandbox/pix/{txid}/pay (routes/sandbox-gateway.ts uses
 * `payCob`), which settles a cob and posts {pix: [...]} to `{webhookUrl}/pix`, signed.
 * Errors are RFC 7807 bodies with the spec's types (CobNaoEncontrado, CobOperacaoInvalida, …).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { HttpTransport } from '../../adapters/http'
import { pixDynamicBrCode } from '../../adapters/payment-gateway/pix-code'
import {
  cobRemocao,
  cobSolicitada,
  devolucaoIdPattern,
  devolucaoSolicitada,
  endToEndIdPattern,
  fromValor,
  problemType,
  toValor,
  txidPattern,
  webhookSolicitado,
} from '../../adapters/pix-api/schemas'
import { signWebhook, webhookSignatureHeader } from '../../adapters/pix-api/webhook'
import type { PixConfig } from '../../config'
import type { Database } from '../../db/client'
import type { AppEnv, Logger } from '../../deps'
import { hasUnstorableText } from '../../http/validate'
import {
  sandboxPixCobs,
  sandboxPixReceived,
  sandboxPixRefunds,
  sandboxPixWebhooks,
} from '../schema'
import { sandboxDueDate } from './sandbox-pix-cobv'
import { sandboxRecurrence } from './sandbox-pix-rec'
import type { SandboxContext } from './sandbox-pix-records'

/**
 * Who the sandbox bank is: its ISPB in end-to-end ids, and the account it receives into, the
 * demo provider's (brand.json's Clube Exemplo: the receiver a payer's bank app names, and the
 * portal's Pix Automático terms show as "Recebedor"; audit 8 saw the product's name there).
 */
export const sandboxBank = {
  ispb: '99999999',
  merchantName: 'Clube Exemplo',
  merchantCity: 'Sao Paulo',
  /** The receiver of recurrences and cobvs (recebedor), with its address. */
  cnpj: '12345678000195',
  address: { logradouro: 'Avenida Paulista, 1000', cidade: 'São Paulo', uf: 'SP', cep: '01310100' },
}

const TOKEN_SECONDS = 3600
const allScopes = [
  'cob.write cob.read pix.write pix.read webhook.write webhook.read',
  'cobv.write cobv.read payloadlocationrec.write payloadlocationrec.read rec.write rec.read',
  'solicrec.write solicrec.read cobr.write cobr.read',
  'webhookrec.write webhookrec.read webhookcobr.write webhookcobr.read',
].join(' ')

type Cob = typeof sandboxPixCobs.$inferSelect

export interface SandboxDeps {
  db: Database
  selfUrl: string
  now: () => Date
  logger: Logger
  pix: PixConfig
  /** How the bank reaches webhooks (the network, or the app itself in tests). */
  http: HttpTransport
}

/** A path parameter of the route (Hono types them loosely behind the scope middleware). */
export const param = (c: Context, name: string) => c.req.param(name) ?? ''

export function problem(
  c: Context,
  status: 400 | 401 | 403 | 404,
  name: string,
  title: string,
  detail?: string,
) {
  // `message`: an extension member, so this server's errors all read the same way.
  const body = { type: problemType(name), title, status, ...(detail ? { detail } : {}) }
  return c.json({ ...body, message: detail ?? title }, status, {
    'content-type': 'application/problem+json',
  })
}

/**
 * The two refusals every resource of the document has: `{Kind}OperacaoInvalida` (400, with what
 * was wrong) and `{Kind}NaoEncontrad{o|a}` (404), each with the document's title.
 */
export function resourceProblems(
  kind: string,
  names: { invalid: string; notFound: string; notFoundName?: string; notFoundDetail: string },
) {
  return {
    invalid: (c: Context, detail: string) =>
      problem(c, 400, `${kind}OperacaoInvalida`, names.invalid, detail),
    notFound: (c: Context) =>
      problem(
        c,
        404,
        names.notFoundName ?? `${kind}NaoEncontrado`,
        names.notFound,
        names.notFoundDetail,
      ),
  }
}

/** Stateless access tokens: expiry and scopes, signed with the client secret. */
function issueToken(secret: string, scope: string, now: Date) {
  const claims = Buffer.from(JSON.stringify({ exp: now.getTime() + TOKEN_SECONDS * 1000, scope }))
  const body = claims.toString('base64url')
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

function tokenScopes(secret: string, header: string | undefined, now: Date): string[] | null {
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
  const [body, signature] = token?.split('.') ?? []
  if (!body || !signature) return null
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('base64url'))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    exp: number
    scope: string
  }
  return claims.exp > now.getTime() ? claims.scope.split(' ') : null
}

/** A schema failure as the spec words its violations: which field does not respect it. */
export function violation(prefix: string, issues: v.BaseIssue<unknown>[]) {
  const path = issues[0]?.path?.map((item) => String(item.key)).join('.')
  return path
    ? `O campo ${prefix}.${path} não respeita o schema.`
    : `O objeto ${prefix} não respeita o schema.`
}

const isExpired = (cob: Cob, now: Date) =>
  cob.createdAt.getTime() + cob.expiresIn * 1000 <= now.getTime()

/** E + ISPB + yyyyMMddHHmm + 11 random letters and digits: 32 characters (pacs.008). */
export function endToEndId(now: Date) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12)
  const tail = randomBytes(16).toString('hex').slice(0, 11)
  return `E${sandboxBank.ispb}${stamp}${tail}`
}

export function createSandboxPsp(deps: SandboxDeps) {
  const { db, pix } = deps
  /** Where a payer's bank would fetch the cob's payload (a cob's `location`, no scheme). */
  const locationOf = (cob: Cob) => `${new URL(deps.selfUrl).host}/sandbox/pix-api/qr/${cob.txid}`

  async function receivedFor(txid: string) {
    const rows = await db.select().from(sandboxPixReceived).where(eq(sandboxPixReceived.txid, txid))
    return Promise.all(rows.map(pixBody))
  }

  async function pixBody(row: typeof sandboxPixReceived.$inferSelect) {
    const refunds = await db
      .select()
      .from(sandboxPixRefunds)
      .where(eq(sandboxPixRefunds.endToEndId, row.endToEndId))
    return {
      endToEndId: row.endToEndId,
      txid: row.txid,
      valor: toValor(row.amount),
      chave: row.chave,
      horario: row.paidAt.toISOString(),
      devolucoes: refunds.map(refundBody),
    }
  }

  const refundBody = (row: typeof sandboxPixRefunds.$inferSelect) => ({
    id: row.id,
    rtrId: row.rtrId,
    valor: toValor(row.amount),
    natureza: 'ORIGINAL',
    ...(row.description ? { descricao: row.description } : {}),
    horario: {
      solicitacao: row.requestedAt.toISOString(),
      ...(row.settledAt ? { liquidacao: row.settledAt.toISOString() } : {}),
    },
    status: row.status,
  })

  async function cobBody(cob: Cob) {
    return {
      txid: cob.txid,
      revisao: cob.revision,
      calendario: { criacao: cob.createdAt.toISOString(), expiracao: cob.expiresIn },
      status: cob.status,
      ...(cob.payer ? { devedor: cob.payer } : {}),
      valor: { original: toValor(cob.amount), modalidadeAlteracao: 0 },
      chave: cob.chave,
      ...(cob.message ? { solicitacaoPagador: cob.message } : {}),
      location: locationOf(cob),
      pixCopiaECola: pixDynamicBrCode({
        location: locationOf(cob),
        merchantName: sandboxBank.merchantName,
        merchantCity: sandboxBank.merchantCity,
      }),
      pix: await receivedFor(cob.txid),
    }
  }

  /** Posts received Pix to the key's webhook, signed; a few tries, then the receiver must ask. */
  async function notify(chave: string, body: unknown) {
    const [hook] = await db
      .select()
      .from(sandboxPixWebhooks)
      .where(eq(sandboxPixWebhooks.chave, chave))
    if (hook) await postSigned(hook.url, 'pix', body)
  }

  /** A notification to `{webhookUrl}/{what}`, signed as every one of this bank. */
  async function postSigned(webhookUrl: string, what: string, body: unknown) {
    const text = JSON.stringify(body)
    const url = `${webhookUrl.replace(/\/+$/, '')}/${what}`
    for (const delay of [0, 500, 2000]) {
      if (delay) await new Promise((done) => setTimeout(done, delay))
      try {
        const answer = await deps.http({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/json',
            [webhookSignatureHeader]: signWebhook(pix.webhookSecret, text),
          },
          body: text,
          timeoutMs: 5000,
        })
        if (answer.status === 200) return
        deps.logger.warn(`[sandbox pix] webhook ${url} respondeu ${answer.status}`)
      } catch (error) {
        deps.logger.warn({ err: error }, `[sandbox pix] webhook ${url} falhou`)
      }
    }
  }

  /**
   * The payer's bank pays a cob. `inFlight`: a payment already on its way when the cob was
   * removed (the race a receiver can always lose): the bank settles it anyway.
   */
  async function payCob(
    txid: string,
    { inFlight = false } = {},
  ): Promise<
    { status: 'PAID'; endToEndId: string } | 'UNKNOWN' | 'EXPIRED' | 'REMOVED' | 'ALREADY_PAID'
  > {
    const at = deps.now()
    const paid = await db.transaction(async (tx) => {
      const [cob] = await tx
        .select()
        .from(sandboxPixCobs)
        .where(eq(sandboxPixCobs.txid, txid))
        .for('update')
      if (!cob) return 'UNKNOWN' as const
      if (cob.status === 'CONCLUIDA') return 'ALREADY_PAID' as const
      if (cob.status !== 'ATIVA' && !inFlight) return 'REMOVED' as const
      if (isExpired(cob, at) && !inFlight) return 'EXPIRED' as const
      const id = endToEndId(at)
      await tx
        .insert(sandboxPixReceived)
        .values({ endToEndId: id, txid, chave: cob.chave, amount: cob.amount, paidAt: at })
      await tx
        .update(sandboxPixCobs)
        .set({ status: 'CONCLUIDA', revision: sql`${sandboxPixCobs.revision} + 1` })
        .where(eq(sandboxPixCobs.txid, txid))
      return { status: 'PAID' as const, endToEndId: id, chave: cob.chave }
    })
    if (typeof paid === 'string') return paid
    const [row] = await db
      .select()
      .from(sandboxPixReceived)
      .where(eq(sandboxPixReceived.endToEndId, paid.endToEndId))
    if (row) await notify(paid.chave, { pix: [await pixBody(row)] })
    return { status: 'PAID', endToEndId: paid.endToEndId }
  }

  const routes = new Hono<AppEnv>()

  routes.post('/oauth/token', async (c) => {
    const basic = c.req.header('authorization')?.match(/^Basic\s+(\S+)$/i)?.[1]
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : []
    if (id !== pix.clientId || secret !== pix.clientSecret) {
      return c.json({ error: 'invalid_client', message: 'Credenciais do cliente inválidas.' }, 401)
    }
    const form = new URLSearchParams(await c.req.text())
    if (form.get('grant_type') !== 'client_credentials') {
      return c.json(
        { error: 'unsupported_grant_type', message: 'Use grant_type=client_credentials.' },
        400,
      )
    }
    const scope = form.get('scope') ?? allScopes
    return c.json({
      access_token: issueToken(pix.clientSecret, scope, deps.now()),
      token_type: 'Bearer',
      expires_in: TOKEN_SECONDS,
      scope,
    })
  })

  const api = new Hono<AppEnv>()
  const scoped = (scope: string) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const scopes = tokenScopes(pix.clientSecret, c.req.header('authorization'), deps.now())
    if (!scopes) {
      return c.json(
        { error: 'invalid_token', message: 'Token de acesso inválido ou expirado.' },
        401,
      )
    }
    if (!scopes.includes(scope)) {
      return problem(c, 403, 'AcessoNegado', 'Acesso Negado', `Escopo ${scope} necessário.`)
    }
    await next()
  }
  // Text a database cannot keep (NUL, half surrogates) is no valid body here either.
  const body = async (c: Context) => {
    try {
      const parsed: unknown = await c.req.json()
      return hasUnstorableText(parsed) ? undefined : parsed
    } catch {
      return undefined
    }
  }
  const anyTxid = /^[a-zA-Z0-9]{1,35}$/
  const { invalid: cobInvalid, notFound: cobNotFound } = resourceProblems('Cob', {
    invalid: 'Cobrança inválida.',
    notFound: 'Cobrança não encontrada.',
    notFoundDetail: 'Cobrança não encontrada para o txid informado.',
  })

  api.put('/cob/:txid', scoped('cob.write'), async (c) => {
    const txid = param(c, 'txid')
    if (!txidPattern.test(txid))
      return cobInvalid(c, 'O txid deve ter de 26 a 35 letras e dígitos.')
    const parsed = v.safeParse(cobSolicitada, await body(c))
    if (!parsed.success) return cobInvalid(c, violation('cob', parsed.issues))
    const input = parsed.output
    const amount = fromValor(input.valor.original)
    if (amount <= 0) return cobInvalid(c, 'O campo cob.valor.original é zero.')
    if (input.chave !== pix.chave) {
      return cobInvalid(
        c,
        'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
      )
    }
    const values = {
      chave: input.chave,
      amount,
      expiresIn: input.calendario.expiracao,
      payer: (input.devedor ?? null) as Cob['payer'],
      message: input.solicitacaoPagador ?? null,
    }
    // A PUT on a cob that exists alters it while it is ATIVA (spec), and is refused otherwise.
    // Either way the answer is 201: the only success the document declares for PUT /cob/{txid}.
    const [created] = await db
      .insert(sandboxPixCobs)
      .values({ txid, status: 'ATIVA', createdAt: deps.now(), ...values })
      .onConflictDoNothing()
      .returning()
    if (created) return c.json(await cobBody(created), 201)
    const [altered] = await db
      .update(sandboxPixCobs)
      .set({ ...values, revision: sql`${sandboxPixCobs.revision} + 1` })
      .where(and(eq(sandboxPixCobs.txid, txid), eq(sandboxPixCobs.status, 'ATIVA')))
      .returning()
    if (!altered)
      return cobInvalid(
        c,
        'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.',
      )
    return c.json(await cobBody(altered), 201)
  })

  api.get('/cob/:txid', scoped('cob.read'), async (c) => {
    if (!anyTxid.test(param(c, 'txid'))) return cobNotFound(c)
    const [cob] = await db
      .select()
      .from(sandboxPixCobs)
      .where(eq(sandboxPixCobs.txid, param(c, 'txid')))
    return cob ? c.json(await cobBody(cob)) : cobNotFound(c)
  })

  api.patch('/cob/:txid', scoped('cob.write'), async (c) => {
    const txid = param(c, 'txid')
    if (!anyTxid.test(txid)) return cobNotFound(c)
    if (!v.is(cobRemocao, await body(c))) {
      return cobInvalid(
        c,
        'Este PSP só aceita a remoção: { "status": "REMOVIDA_PELO_USUARIO_RECEBEDOR" }.',
      )
    }
    const [removed] = await db
      .update(sandboxPixCobs)
      .set({
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
        revision: sql`${sandboxPixCobs.revision} + 1`,
      })
      .where(and(eq(sandboxPixCobs.txid, txid), eq(sandboxPixCobs.status, 'ATIVA')))
      .returning()
    if (removed) return c.json(await cobBody(removed))
    const [exists] = await db.select().from(sandboxPixCobs).where(eq(sandboxPixCobs.txid, txid))
    return exists
      ? cobInvalid(c, 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.')
      : cobNotFound(c)
  })

  api.get('/pix/:e2eid', scoped('pix.read'), async (c) => {
    if (!endToEndIdPattern.test(param(c, 'e2eid'))) {
      return problem(c, 404, 'PixNaoEncontrado', 'Pix não encontrado.')
    }
    const [row] = await db
      .select()
      .from(sandboxPixReceived)
      .where(eq(sandboxPixReceived.endToEndId, param(c, 'e2eid')))
    return row
      ? c.json(await pixBody(row))
      : problem(
          c,
          404,
          'PixNaoEncontrado',
          'Pix não encontrado.',
          'pix não encontrada para o e2eid informado',
        )
  })

  api.put('/pix/:e2eid/devolucao/:id', scoped('pix.write'), async (c) => {
    const e2eid = param(c, 'e2eid')
    const id = param(c, 'id')
    const invalid = (detail: string) =>
      problem(c, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail)
    if (!endToEndIdPattern.test(e2eid) || !devolucaoIdPattern.test(id))
      return invalid('Identificador inválido.')
    const parsed = v.safeParse(devolucaoSolicitada, await body(c))
    if (!parsed.success) return invalid('devolucao.valor não respeita o schema.')
    const amount = fromValor(parsed.output.valor)
    const at = deps.now()
    const outcome = await db.transaction(async (tx) => {
      const [received] = await tx
        .select()
        .from(sandboxPixReceived)
        .where(eq(sandboxPixReceived.endToEndId, e2eid))
        .for('update')
      if (!received) return 'NOT_FOUND' as const
      const before = await tx
        .select()
        .from(sandboxPixRefunds)
        .where(eq(sandboxPixRefunds.endToEndId, e2eid))
      if (before.some((refund) => refund.id === id)) return 'ID_USED' as const
      const refunded = before
        .filter((refund) => refund.status !== 'NAO_REALIZADO')
        .reduce((sum, refund) => sum + refund.amount, 0)
      if (amount <= 0 || refunded + amount > received.amount) return 'TOO_MUCH' as const
      const [row] = await tx
        .insert(sandboxPixRefunds)
        .values({
          endToEndId: e2eid,
          id,
          rtrId: `D${endToEndId(at).slice(1)}`,
          amount,
          description: parsed.output.descricao ?? null,
          // The sandbox returns the money at once.
          status: 'DEVOLVIDO',
          requestedAt: at,
          settledAt: at,
        })
        .returning()
      return { row, received }
    })
    if (outcome === 'NOT_FOUND') return problem(c, 404, 'PixNaoEncontrado', 'Pix não encontrado.')
    if (outcome === 'ID_USED') {
      return invalid(
        'A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução para o e2eid em questão.',
      )
    }
    if (outcome === 'TOO_MUCH') {
      return invalid(
        'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.',
      )
    }
    if (!outcome.row) throw new Error('devolução não gravada')
    // The webhook also fires when a devolução reaches a final status.
    void notify(outcome.received.chave, { pix: [await pixBody(outcome.received)] })
    return c.json(refundBody(outcome.row), 201)
  })

  api.get('/pix/:e2eid/devolucao/:id', scoped('pix.read'), async (c) => {
    if (!endToEndIdPattern.test(param(c, 'e2eid')) || !devolucaoIdPattern.test(param(c, 'id'))) {
      return problem(c, 404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.')
    }
    const [row] = await db
      .select()
      .from(sandboxPixRefunds)
      .where(
        and(
          eq(sandboxPixRefunds.endToEndId, param(c, 'e2eid')),
          eq(sandboxPixRefunds.id, param(c, 'id')),
        ),
      )
    return row
      ? c.json(refundBody(row))
      : problem(c, 404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.')
  })

  api.put('/webhook/:chave', scoped('webhook.write'), async (c) => {
    const chave = param(c, 'chave')
    const parsed = v.safeParse(webhookSolicitado, await body(c))
    if (!parsed.success || chave !== pix.chave) {
      return problem(
        c,
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'webhook.webhookUrl ou chave inválidos.',
      )
    }
    await db
      .insert(sandboxPixWebhooks)
      .values({ chave, url: parsed.output.webhookUrl, createdAt: deps.now() })
      .onConflictDoUpdate({
        target: sandboxPixWebhooks.chave,
        set: { url: parsed.output.webhookUrl },
      })
    return c.body(null, 200)
  })

  api.get('/webhook/:chave', scoped('webhook.read'), async (c) => {
    if (param(c, 'chave') !== pix.chave) {
      return problem(c, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
    }
    const [hook] = await db
      .select()
      .from(sandboxPixWebhooks)
      .where(eq(sandboxPixWebhooks.chave, param(c, 'chave')))
    return hook
      ? c.json({ webhookUrl: hook.url, chave: hook.chave, criacao: hook.createdAt.toISOString() })
      : problem(c, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
  })

  api.delete('/webhook/:chave', scoped('webhook.write'), async (c) => {
    if (param(c, 'chave') !== pix.chave) {
      return problem(c, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
    }
    const deleted = await db
      .delete(sandboxPixWebhooks)
      .where(eq(sandboxPixWebhooks.chave, param(c, 'chave')))
      .returning()
    return deleted.length
      ? c.body(null, 204)
      : problem(c, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
  })

  const context: SandboxContext = {
    ...deps,
    scoped,
    body,
    postSigned,
    notifyPix: notify,
    payCob,
    async cobLocation(txid) {
      const [cob] = await db.select().from(sandboxPixCobs).where(eq(sandboxPixCobs.txid, txid))
      return cob ? locationOf(cob) : undefined
    },
  }
  const recurrence = sandboxRecurrence(context)
  const dueDate = sandboxDueDate(context)
  api.route('/', recurrence.api)
  api.route('/', dueDate.api)
  /** The payer's side of both (/sandbox/pix/rec/…, /sandbox/pix/cobr/…, /sandbox/pix/cobv/…). */
  const helpers = new Hono<AppEnv>().route('/', recurrence.helpers).route('/', dueDate.helpers)

  routes.route('/v2', api)
  return { routes, payCob, helpers }
}

export type SandboxPsp = ReturnType<typeof createSandboxPsp>
