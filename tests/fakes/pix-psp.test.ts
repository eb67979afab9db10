/**
 * The standalone PSP, as a DEMO=0 journey uses it: our API Pix client creates a cob through the
 * validating proxy (the Central Bank's document), the payer's bank pays it, and the webhook the
 * client registered receives the Pix, signed with the shared secret.
 */

import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { networkTransport } from '../../server/adapters/http'
import { createPixApiClient } from '../../server/adapters/pix-api/client'
import { webhookPix } from '../../server/adapters/pix-api/schemas'
import { verifyWebhook, webhookSignatureHeader } from '../../server/adapters/pix-api/webhook'
import { loadPixDocument } from '../helpers/openapi/documents'
import { startTinyUpstream } from '../helpers/openapi/tiny-upstream'
import { startValidatingProxy, type ValidatingProxy } from '../helpers/openapi/validating-proxy'
import { type FakePsp, startFakePsp } from './pix-psp'

const bank = {
  webhookSecret: 'segredo-do-webhook-de-teste',
  clientId: 'portal-de-teste',
  clientSecret: 'segredo-do-cliente-de-teste',
  chave: 'f3b0c442-98fc-4c14-9a3b-1c6b5e8d2a77',
}

describe('fake PSP for journeys without demo mode', () => {
  let psp: FakePsp
  let proxy: ValidatingProxy
  let receiver: Awaited<ReturnType<typeof startTinyUpstream>>

  beforeAll(async () => {
    psp = await startFakePsp(bank)
    proxy = await startValidatingProxy({
      document: loadPixDocument(),
      upstream: psp.url,
      basePath: '/v2',
      name: 'PSP de teste',
    })
    receiver = await startTinyUpstream(() => ({ status: 200 }))
  })
  afterAll(async () => {
    await proxy?.close()
    await receiver?.close()
    await psp?.close()
  })

  it('a cob created by our client is paid, and the signed webhook reaches the receiver', async () => {
    const client = createPixApiClient({
      ...bank,
      apiUrl: `${proxy.url}/v2`,
      tokenUrl: psp.tokenUrl,
      transport: networkTransport(),
    })
    const txid = 'jornada00000000000000000000000001'
    await client.setWebhook(`${receiver.url}/webhooks`)
    const created = await client.createCob(txid, {
      amount: 3700,
      expiresInSeconds: 600,
      payer: { cpf: '52998224725', name: 'Ana Paula Souza' },
      message: 'Plano Família',
    })
    expect(created).toMatchObject({ status: 'ATIVA', amount: 3700 })

    const paid = await psp.pay(txid)
    expect(paid).toMatchObject({ status: 'PAID' })
    const endToEndId = typeof paid === 'string' ? '' : paid.endToEndId

    // pay() resolves after the notification was delivered: no waiting needed.
    expect(receiver.received).toHaveLength(1)
    const [notice] = receiver.received
    expect(notice).toMatchObject({ method: 'POST', url: '/webhooks/pix' })
    const signature = notice?.headers[webhookSignatureHeader]
    expect(verifyWebhook(bank.webhookSecret, notice?.body ?? '', String(signature))).toBe(true)
    expect(verifyWebhook('outro-segredo', notice?.body ?? '', String(signature))).toBe(false)
    const body = v.parse(webhookPix, JSON.parse(notice?.body ?? ''))
    expect(body.pix).toEqual([
      expect.objectContaining({ endToEndId, txid, valor: '37.00', chave: bank.chave }),
    ])

    expect(await client.getCob(txid)).toMatchObject({
      status: 'CONCLUIDA',
      payments: [expect.objectContaining({ endToEndId, amount: 3700 })],
    })
    expect(await psp.pay(txid)).toBe('ALREADY_PAID')
    expect(proxy.calls().map((call) => `${call.operationId} ${call.status}`)).toEqual([
      'PUT /webhook/{chave} 200',
      'PUT /cob/{txid} 201',
      'GET /cob/{txid} 200',
    ])
    proxy.assertClean()
  })
})
