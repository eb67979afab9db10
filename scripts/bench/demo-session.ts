/** Logs the demo holder in through the API (code read from /dev/outbox), as the app would. */
import { demoEmails, demoPaymentLinks } from '../../server/demo/data/ids'
import { latestMessage } from '../../tests/helpers/outbox'

/** The page /pagamento opens from one of ana's demo payment links (it needs no login). */
export const demoPaymentPath = `/pagamento?code=${demoPaymentLinks.b2b}`

export interface DemoSession {
  token: string
  contractId: string
  /** What the app keeps in localStorage for a logged-in, installed user. */
  localStorage: Record<string, string>
}

export async function demoSession(
  baseUrl: string,
  email: string = demoEmails.ana,
): Promise<DemoSession> {
  const api = `${baseUrl}/socios-api`
  const post = (path: string, body: unknown) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await post('/client/generate-code', { email, send_to: 'email' })
  const { code } = await latestMessage(baseUrl, email)
  const { token } = (await (await post('/client/login', { email, code })).json()) as {
    token: string
  }
  const contracts = (await (
    await fetch(`${api}/client/contracts`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{ id: string }>
  const contractId = contracts[0]?.id
  if (!contractId) throw new Error(`${email} não tem contrato: os dados de demonstração mudaram?`)
  return {
    token,
    contractId,
    localStorage: { authToken: token, contractId, 'pwa-installed': 'true' },
  }
}
