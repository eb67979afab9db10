/** The latest one-time code the demo server "sent" to an e-mail or phone (docs/design.md §4). */
export type OutboxMessage = {
  to: string
  channel: string
  code: string
  text: string
  sent_at: string
}

export async function latestMessage(baseUrl: string, to: string): Promise<OutboxMessage> {
  const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`Nenhuma mensagem para ${to}: ${response.status}`)
  return (await response.json()) as OutboxMessage
}
