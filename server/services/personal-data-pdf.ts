/**
 * The holder's copy of their data for a person to read (issue 28): the same content as the JSON
 * (`personal-data.ts`), laid out in sections, with the documents and photos named rather than
 * embedded (the JSON carries them whole).
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { PersonalData } from './personal-data'
import { encodable, Writer } from './term-pdf'

const ACCENT = rgb(0.04, 0.31, 0.54)
const MUTED = rgb(0.32, 0.38, 0.43)

const zone = 'America/Sao_Paulo'
const moment = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: zone,
})
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

const when = (value: string | null) => (value ? moment.format(new Date(value)) : '—')
/** 'YYYY-MM-DD' as dd/mm/aaaa, without a time zone to shift it. */
const day = (value: string | null) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '—'
}
const reais = (value: number | null) => (value == null ? '—' : money.format(value))
const or = (value: string | number | null | undefined) =>
  value == null || value === '' ? '—' : String(value)

type Person = PersonalData['titular']

function personFields(w: Writer, person: Omit<Person, 'documentos'> & { documentos: unknown[] }) {
  w.field('Nome', `${person.nome} ${person.sobrenome}`)
  w.field('Nascimento', day(person.nascimento))
  w.field('Gênero', or(person.genero))
  w.field('E-mail', or(person.email))
  w.field('CPF', or(person.cpf))
  w.field('RG', or(person.rg))
  if (person.passaporte) w.field('Passaporte', person.passaporte)
  if (person.certidao_nascimento) w.field('Certidão de nascimento', person.certidao_nascimento)
  w.field(
    'Telefone',
    [person.telefone.ddi && `+${person.telefone.ddi}`, person.telefone.numero]
      .filter(Boolean)
      .join(' ') || '—',
  )
  const address = person.endereco
  w.field(
    'Endereço',
    [
      address.rua,
      address.numero,
      address.complemento,
      address.bairro,
      address.cidade,
      address.estado,
      address.cep,
      address.pais,
    ]
      .filter(Boolean)
      .join(', ') || '—',
  )
  const account = person.conta_bancaria
  if (account)
    w.field(
      'Conta para o débito automático via Pix',
      `${account.banco ?? 'banco'} (ISPB ${account.banco_ispb})${account.agencia ? `, agência ${account.agencia}` : ''}, conta ${account.conta}`,
    )
  w.field('Foto', person.foto ? 'sim (a imagem está no arquivo JSON)' : 'não')
  const documents = person.documentos as Array<{ nome: string; enviado_em: string | null }>
  w.field(
    'Documentos enviados',
    documents.length
      ? documents.map((document) => `${document.nome} (${when(document.enviado_em)})`).join('; ')
      : 'nenhum',
  )
  w.field('Cadastrado em', when(person.cadastrado_em))
  w.field('Última alteração', `${when(person.atualizado_em)}, pelo ${person.ultima_alteracao_por}`)
}

export async function personalDataPdf(data: PersonalData, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const w = new Writer(doc, regular, bold, encodable(regular))
  const name = `${data.titular.nome} ${data.titular.sobrenome}`
  doc.setTitle(`Cópia dos meus dados — ${name}`)
  doc.setLanguage('pt-BR')
  doc.setCreationDate(now)

  w.text('Cópia dos meus dados', { size: 20, font: bold, color: ACCENT, after: 2 })
  w.text(`${name} · cópia gerada em ${when(data.sobre.gerado_em)}`, { color: MUTED })
  w.text(data.sobre.o_que_e, { color: MUTED, after: 2 })
  const { controlador } = data.sobre
  w.text(
    `Quem trata estes dados: ${controlador.nome} (${controlador.contato.email}, WhatsApp ${controlador.contato.whatsapp}).`,
    { color: MUTED, after: 8 },
  )

  w.heading('Titular')
  personFields(w, data.titular)

  for (const contract of data.contratos) {
    w.rule()
    w.heading(`Contrato ${or(contract.serie)}/${or(contract.numero)} — ${contract.plano}`)
    w.field('Situação', contract.situacao)
    w.field('Vendido em', when(contract.vendido_em))
    w.field('Validade', when(contract.validade))
    for (const dependent of contract.dependentes) {
      w.text(
        `Dependente: ${dependent.nome} ${dependent.sobrenome} (${or(dependent.tipo)}, ${dependent.situacao})`,
        {
          font: bold,
          after: 0,
        },
      )
      personFields(w, dependent)
    }
    w.text('Parcelas', { font: bold, after: 0 })
    for (const instalment of contract.parcelas)
      w.text(
        `Parcela ${instalment.parcela} · vence ${day(instalment.vencimento)} · ${reais(instalment.valor)} · ${instalment.situacao}${instalment.pago_em ? ` · paga em ${when(instalment.pago_em)} (${reais(instalment.valor_pago)})` : ''}`,
        { indent: 12, after: 0 },
      )
    if (contract.pagamentos.length) w.text('Pagamentos', { font: bold, after: 0 })
    for (const payment of contract.pagamentos)
      w.text(
        `${when(payment.criado_em)} · ${payment.forma}${payment.cartao ? ` ${payment.cartao.bandeira} final ${payment.cartao.final}` : ''} · ${reais(payment.valor)} · ${payment.situacao} · parcela(s) ${payment.parcelas.join(', ')}`,
        { indent: 12, after: 0 },
      )
    if (contract.debito_automatico_pix.length)
      w.text('Débito automático via Pix', { font: bold, after: 0 })
    for (const recurrence of contract.debito_automatico_pix)
      w.text(
        `${recurrence.id_rec} · ${recurrence.situacao}${recurrence.cancelado_por ? ` por ${recurrence.cancelado_por}` : ''} · ${recurrence.valor === null ? `até ${reais(recurrence.valor_maximo)}` : reais(recurrence.valor)} · ${day(recurrence.primeira_cobranca)} a ${day(recurrence.ultima_cobranca)} · ${recurrence.recebedor.nome} (CNPJ ${recurrence.recebedor.cnpj})${recurrence.pedido_ao_banco ? ` · pedido enviado ao banco ${recurrence.pedido_ao_banco}` : ''} · pedido em ${when(recurrence.pedido_em)}`,
        { indent: 12, after: 0 },
      )
  }

  w.rule()
  w.heading('Consentimentos')
  for (const consent of data.consentimentos)
    w.text(
      `${consent.documento} (contrato ${consent.contrato}): ${consent.aceito ? `aceito em ${when(consent.aceito_em)}` : 'ainda não aceito'}`,
    )
  w.heading('Lembretes de pagamento')
  w.field('Por e-mail', data.lembretes.por_email ? 'sim' : 'não')
  w.field('Por WhatsApp', data.lembretes.por_whatsapp ? 'sim' : 'não')
  w.field('Enviados', String(data.lembretes.enviados.length))
  w.heading('Chaves de acesso')
  if (!data.chaves_de_acesso.length) w.text('Nenhuma.')
  for (const key of data.chaves_de_acesso)
    w.text(
      `${key.nome} (${key.aparelho}): criada em ${when(key.criada_em)}, último uso ${when(key.ultimo_uso)}`,
    )
  w.heading('Sessões')
  for (const session of data.sessoes)
    w.text(
      `Iniciada em ${when(session.iniciada_em)} · ${session.ativa ? 'ativa' : session.encerrada_em ? `encerrada em ${when(session.encerrada_em)}` : 'expirada'}`,
    )
  return doc.save()
}
