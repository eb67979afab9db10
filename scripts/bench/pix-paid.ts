/**
 * How long a Pix paid at the (sandbox) bank takes to show as paid, median of a few runs:
 * - with no screen open: from the bank's payment to the instalment PAID in the API;
 * - with the Pix screen open: from the bank's payment to the screen on /success by itself.
 */
import { chromium } from 'playwright-core'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { startServer } from '../../tests/helpers/server'
import { demoSession } from './demo-session'

export type PixPaidFigures = { runs: number; noScreenMs: number; openScreenMs: number }

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

export async function pixPaidBench(runs = 3): Promise<PixPaidFigures> {
  const server = await startServer()
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  try {
    const session = await demoSession(server.url)
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${session.token}`, ...init.headers },
      })
    const orders = (await (
      await api(`/socios-api/client/contract/payment-orders/${session.contractId}`)
    ).json()) as Array<{ id: string; installment: number; status: string }>
    const open = orders.filter((order) => order.status !== 'PAID')
    const noScreen: number[] = []
    const openScreen: number[] = []
    for (let run = 0; run < runs; run++) {
      // No screen: generate through the API, pay at the bank, watch the instalment.
      const quiet = open[run * 2]
      const screened = open[run * 2 + 1]
      if (!quiet || !screened) break
      const link = async (id: string) =>
        new URL(
          (await (await api(`/socios-api/client/send-payment-link?ids=${id}`)).json()) as string,
        ).searchParams.get('code') ?? ''
      const quietCode = await link(quiet.id)
      const generated = (await (
        await api('/socios-api/checkout/payment-link-pix', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: quietCode, token: '1' }),
        })
      ).json()) as { data: { key: string; value: string }[] }
      const txid = generated.data.find((entry) => entry.key === 'txid')?.value ?? ''
      const paidAt = performance.now()
      await fetch(`${server.url}/sandbox/pix/${txid}/pay`, { method: 'POST' })
      for (;;) {
        const rows = (await (
          await api(`/socios-api/client/contract/payment-orders/${session.contractId}`)
        ).json()) as Array<{ id: string; status: string }>
        if (rows.find((row) => row.id === quiet.id)?.status === 'PAID') break
        if (performance.now() - paidAt > 30_000) throw new Error('Pix não apareceu como pago')
        await new Promise((done) => setTimeout(done, 20))
      }
      noScreen.push(performance.now() - paidAt)

      // Open screen: the payer's phone shows the QR; the bank pays; the screen moves by itself.
      const page = await browser.newPage()
      await page.goto(`${server.url}/pagamento?code=${await link(screened.id)}`)
      await page.getByRole('button', { name: 'Gerar Pix' }).click()
      await page.getByRole('img', { name: 'QR Code do Pix' }).waitFor()
      const stored = await page.evaluate(() => localStorage.getItem('pixResponse'))
      const screenTxid =
        (JSON.parse(stored ?? '{}') as { data?: { key: string; value: string }[] }).data?.find(
          (entry) => entry.key === 'txid',
        )?.value ?? ''
      const screenPaidAt = performance.now()
      await fetch(`${server.url}/sandbox/pix/${screenTxid}/pay`, { method: 'POST' })
      await page.waitForURL(/\/success\?/, { timeout: 60_000 })
      openScreen.push(performance.now() - screenPaidAt)
      await page.close()
    }
    return { runs: noScreen.length, noScreenMs: median(noScreen), openScreenMs: median(openScreen) }
  } finally {
    await browser.close()
    await server.close()
  }
}
