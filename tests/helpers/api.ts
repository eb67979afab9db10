/**
 * The server's side of a journey, straight over HTTP: what another device (or the person on
 * another phone) does and sees, without going through this browser.
 */

import type { Person } from '../../contract/contracts'
import { personInputFrom } from '../../server/testing/registration'
import { latestMessage } from './outbox'

export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const asked = await fetch(`${baseUrl}/socios-api/client/generate-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, send_to: 'email' }),
  })
  if (!asked.ok) throw new Error(`generate-code: ${asked.status}`)
  const { code } = await latestMessage(baseUrl, email)
  const login = await fetch(`${baseUrl}/socios-api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  })
  if (!login.ok) throw new Error(`login: ${login.status}`)
  return ((await login.json()) as { token: string }).token
}

type ApiPerson = {
  id: string
  first_name: string
  last_name: string
  birth_date: string | null
  gender: string | null
  email: string | null
  documents: Record<string, string | null>
  phone: { id: string; number_ddi: string | null; number: string | null }
  address: Record<string, string | null>
  files_attached: Array<{ id: string }>
}
export type ApiContract = {
  id: string
  holder: { id: string; updated_at: string; person: ApiPerson }
  dependents: Array<{ id: string; status: string; person: ApiPerson }>
}

/** The person's first contract as the server has it now. */
export async function apiContract(baseUrl: string, token: string): Promise<ApiContract> {
  const headers = { authorization: `Bearer ${token}` }
  const list = (await (
    await fetch(`${baseUrl}/socios-api/client/contracts`, { headers })
  ).json()) as Array<{ id: string }>
  const id = list[0]?.id
  const response = await fetch(`${baseUrl}/socios-api/client/contract/${id}`, { headers })
  if (!response.ok) throw new Error(`contract: ${response.status}`)
  return (await response.json()) as ApiContract
}

/** The holder changes their mobile on another device (photo-holder, spec §7). */
export async function apiSaveHolderPhone(baseUrl: string, token: string, number: string) {
  const contract = await apiContract(baseUrl, token)
  const { person } = contract.holder
  const response = await fetch(`${baseUrl}/socios-api/client/photo-holder`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      contract_id: contract.id,
      updated_at: contract.holder.updated_at,
      holder: {
        id: contract.holder.id,
        person_id: person.id,
        person: {
          ...personInputFrom(person as unknown as Person),
          phone: { ...person.phone, number },
        },
      },
    }),
  })
  if (!response.ok) throw new Error(`photo-holder: ${response.status} ${await response.text()}`)
}
