import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Person } from '../../../../contract/contracts'
import { elsewhereHeading, renderScreen } from '../../../test/render'
import { PersonForm } from './person-form'

/** Every field of the form that the contract can require, shown and required. */
const mandatory = {
  first_name: true,
  last_name: true,
  birthdate: true,
  gender: true,
  cpf: true,
  email: true,
  phone: true,
  cep: true,
  state: true,
  city: true,
  street: true,
  neighborhood: true,
  number: true,
}

function renderNewDependent() {
  return renderScreen(({ leave }) => (
    <PersonForm
      version=""
      who="newDependent"
      person={null}
      mandatory={mandatory}
      readOnly={false}
      saving={false}
      dependentTypes={[{ id: 'filho', name: 'Filho(a)' }]}
      dependentTypeId={null}
      onSave={() => {}}
      onLeave={leave}
    />
  ))
}

/** The holder as the contract gives it: name, CPF and e-mail known, a landline stored as digits. */
const holder: Person = {
  id: 'p1',
  name: 'Ana Souza',
  first_name: 'Ana',
  last_name: 'Souza',
  birth_date: null,
  gender: null,
  email: 'ana@exemplo.com.br',
  image: null,
  documents: { id: 'd1', rg: null, cpf: '52998224725', passport: null, birth_certificate: null },
  phone: { id: 'f1', number_ddi: '55', number: '1133334444' },
  address: {
    id: 'a1',
    cep: null,
    state: null,
    city: null,
    country: null,
    street: null,
    neighborhood: null,
    number: null,
    complement: null,
  },
  files_attached: [],
}

function renderMeusDados(person: Person, onSave = () => {}) {
  return renderScreen(({ leave }) => (
    <PersonForm
      version="2026-01-01T00:00:00Z"
      who="holder"
      person={person}
      mandatory={mandatory}
      readOnly={false}
      saving={false}
      onSave={onSave}
      onLeave={leave}
    />
  ))
}

/** What a screen reader reads under a field: the texts its aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

/** The CEP service answering at the network boundary (fetch), as the browser would see it. */
function stubCepService(answers: Record<string, unknown>) {
  const lookups: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const cep = /\/(\d{8})\/json$/.exec(String(url))?.[1] ?? ''
      lookups.push(cep)
      return Response.json(answers[cep] ?? { erro: true })
    }),
  )
  return lookups
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Salvar on an empty registration form', () => {
  it('marks every missing required field at once, with the message under each', async () => {
    const { user } = renderNewDependent()
    await user.click(await screen.findByRole('button', { name: 'Salvar' }))

    // Spec §5: 'Preencha o campo obrigatório: {field label}', with the spec's labels.
    const expected: Array<[string, string]> = [
      ['Primeiro Nome', 'Preencha o campo obrigatório: Primeiro Nome'],
      ['Sobrenome', 'Preencha o campo obrigatório: Sobrenome'],
      ['Data de Nascimento', 'Preencha o campo obrigatório: Data de Nascimento'],
      ['Gênero', 'Preencha o campo obrigatório: Gênero'],
      ['Tipo do dependente', 'Preencha o campo obrigatório: Tipo do dependente'],
      ['CPF', 'Preencha o campo obrigatório: CPF'],
      ['E-mail', 'Preencha o campo obrigatório: E-mail'],
      ['Telefone', 'Preencha o campo obrigatório: Telefone'],
      ['CEP', 'Preencha o campo obrigatório: CEP'],
      ['Estado', 'Preencha o campo obrigatório: Estado'],
      ['Cidade', 'Preencha o campo obrigatório: Cidade'],
      ['Rua', 'Preencha o campo obrigatório: Rua'],
      ['Bairro', 'Preencha o campo obrigatório: Bairro'],
      ['Número do endereço', 'Preencha o campo obrigatório: Número do endereço'],
    ]
    // Each said once (issue 27): the label names the field, so under it "Campo obrigatório.";
    // the spec's sentence, with the label, is the toast's (the test below).
    for (const [label, message] of expected) {
      const input = field(label)
      expect(input.getAttribute('aria-invalid'), label).toBe('true')
      expect(description(input), label).toBe('Campo obrigatório.')
      expect(message).toBe(`Preencha o campo obrigatório: ${label}`)
    }
    // Not required, not marked.
    for (const label of ['DDI', 'País', 'Complemento'])
      expect(field(label).getAttribute('aria-invalid'), label).toBeNull()
  })

  it('moves the focus to the first wrong field', async () => {
    const { user } = renderNewDependent()
    await user.click(await screen.findByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(document.activeElement).toBe(field('Primeiro Nome')))
  })

  it("says the first field's message in a toast, and how many fields need correction once, atop the form", async () => {
    const { user } = renderNewDependent()
    await user.click(await screen.findByRole('button', { name: 'Salvar' }))
    const counts = await screen.findAllByText('14 campos precisam de correção.')
    const message = await screen.findByText('Preencha o campo obrigatório: Primeiro Nome')
    const toast = message.closest('[data-sonner-toast]') as HTMLElement
    expect(toast).toBeTruthy()
    // The count is said once, at the top of the form, by section, each a way to its first field.
    expect(counts).toHaveLength(1)
    expect(toast.textContent).not.toMatch(/correção/)
    const summary = counts[0]?.closest('form') ? (counts[0] as HTMLElement) : null
    if (!summary) throw new Error('a contagem não está no formulário')
    const sections = within(summary.parentElement?.parentElement as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(sections).toEqual(['Dados pessoais (6)', 'Contato (2)', 'Endereço (6)'])
    // What is left counts the same fields, the dependent's type among them.
    expect(screen.getByRole('progressbar', { name: 'Faltam 14 campos obrigatórios' })).toBeTruthy()
  })

  it('clears a field’s mark once the person types in it', async () => {
    const { user } = renderNewDependent()
    await user.click(await screen.findByRole('button', { name: 'Salvar' }))
    await user.type(field('Primeiro Nome'), 'Ana')
    expect(field('Primeiro Nome').getAttribute('aria-invalid')).toBeNull()
    expect(description(field('Primeiro Nome'))).toBe('')
    expect(field('Sobrenome').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('Meus Dados (the holder)', () => {
  it('locks what was filled at load (name, CPF, e-mail) and shows stored numbers masked', async () => {
    renderMeusDados(holder)
    await screen.findByRole('button', { name: 'Salvar' })
    // Each locked field says why, and whom to ask (issue 27); an open one says nothing.
    const why =
      'Primeiro Nome, Sobrenome, CPF e E-mail identificam você e não podem ser alterados por aqui.'
    for (const label of ['Primeiro Nome', 'Sobrenome', 'CPF', 'E-mail']) {
      expect(field(label).readOnly, label).toBe(true)
      expect(description(field(label)), label).toContain(why)
      expect(description(field(label)), label).toContain('Para corrigir, fale com')
    }
    expect(field('Data de Nascimento').readOnly).toBe(false)
    expect(description(field('Data de Nascimento'))).toBe('')
    expect(field('CPF').value).toBe('529.982.247-25')
    expect(field('DDI').value).toBe('+55')
    expect(field('Telefone').value).toBe('(11) 3333-4444')
  })

  it('says what is left of the required fields, in all and by section; the bar fills as they are', async () => {
    stubCepService({})
    const { user } = renderMeusDados(holder)
    await screen.findByRole('button', { name: 'Salvar' })
    // What the contract already holds (the phone) is not left; the locked name, CPF and e-mail
    // are not the person's to fill.
    const bar = () => screen.getByRole('progressbar') as HTMLProgressElement
    expect(screen.getByRole('progressbar', { name: 'Faltam 8 campos obrigatórios' })).toBeTruthy()
    // The bar measures what is to be typed: nothing yet, of 8.
    expect([bar().value, bar().max]).toEqual([0, 8])
    expect(screen.getByRole('group', { name: 'Dados pessoais · faltam 2 campos' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Contato' })).toBeTruthy()

    await user.type(field('Data de Nascimento'), '14031985')
    expect(screen.getByRole('progressbar', { name: 'Faltam 7 campos obrigatórios' })).toBeTruthy()
    expect([bar().value, bar().max]).toEqual([1, 8])
    expect(screen.getByRole('group', { name: 'Dados pessoais · falta 1 campo' })).toBeTruthy()
    await user.selectOptions(field('Gênero'), 'Feminino')
    expect(screen.getByRole('group', { name: 'Dados pessoais' })).toBeTruthy()

    const address: Array<[string, string]> = [
      ['Rua', 'Avenida Paulista'],
      ['Número do endereço', '1000'],
      ['Bairro', 'Bela Vista'],
      ['Cidade', 'São Paulo'],
      ['Estado', 'SP'],
    ]
    for (const [label, value] of address) await user.type(field(label), value)
    expect(screen.getByRole('progressbar', { name: 'Falta 1 campo obrigatório' })).toBeTruthy()
    await user.type(field('CEP'), '01310100')
    // Full exactly when the words say nothing is left.
    expect(
      screen.getByRole('progressbar', { name: 'Todos os campos obrigatórios preenchidos' }),
    ).toBeTruthy()
    expect([bar().value, bar().max]).toEqual([8, 8])
    expect(screen.getByRole('group', { name: 'Endereço' })).toBeTruthy()
  })

  it('Salvar marks only what is still missing, focuses the first and counts them', async () => {
    const onSave = vi.fn()
    const { user } = renderMeusDados(holder, onSave)
    await user.click(await screen.findByRole('button', { name: 'Salvar' }))
    const missing = ['Data de Nascimento', 'Gênero', 'CEP', 'Estado', 'Cidade', 'Rua', 'Bairro']
    missing.push('Número do endereço')
    for (const label of missing) expect(description(field(label)), label).toBe('Campo obrigatório.')
    for (const label of ['Primeiro Nome', 'Sobrenome', 'CPF', 'E-mail', 'Telefone'])
      expect(field(label).getAttribute('aria-invalid'), label).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(field('Data de Nascimento')))
    expect(await screen.findAllByText('8 campos precisam de correção.')).toHaveLength(1)
    expect(screen.getByText('Preencha o campo obrigatório: Data de Nascimento')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('a complete form saves, the address from the CEP lookup (fetch stubbed)', async () => {
    stubCepService({
      '01310100': {
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      },
    })
    const onSave = vi.fn()
    const { user } = renderMeusDados(holder, onSave)
    await user.type(await screen.findByLabelText('Data de Nascimento'), '15041985')
    await user.selectOptions(screen.getByLabelText('Gênero'), 'Feminino')
    await user.type(field('CEP'), '01310100')
    await user.tab()
    await waitFor(() => expect(field('Rua').value).toBe('Avenida Paulista'))
    await user.type(field('Número do endereço'), '1000')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave.mock.calls[0]?.[0].values).toMatchObject({
      birthdate: '15/04/1985',
      gender: 'Feminino',
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      phone: '(11) 3333-4444',
    })
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull()
  })
})

describe('the registration masks (spec §5)', () => {
  it.each([
    ['CPF', '12345678901', '123.456.789-01'],
    ['CEP', '01310100', '01310-100'],
    ['Data de Nascimento', '31121990', '31/12/1990'],
    ['DDI', '55', '+55'],
    ['Telefone', '11987654321', '(11) 98765-4321'],
    ['Telefone', '1133334444', '(11) 3333-4444'],
  ])('%s: typing %s shows %s', async (label, typed, shown) => {
    const { user } = renderNewDependent()
    // Typed from empty (a new dependent's DDI starts at +55).
    await user.clear(await screen.findByLabelText(label))
    await user.type(field(label), typed)
    expect(field(label).value).toBe(shown)
  })

  it('a new dependent starts with Brazil: DDI +55 and País Brasil, both editable', async () => {
    renderNewDependent()
    expect((await screen.findByLabelText<HTMLInputElement>('DDI')).value).toBe('+55')
    expect(field('País').value).toBe('Brasil')
    expect(field('DDI').readOnly).toBe(false)
    expect(field('País').readOnly).toBe(false)
  })

  it('a mask takes no letters and no digit beyond its length', async () => {
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('CPF'), '123abc456789012345')
    expect(field('CPF').value).toBe('123.456.789-01')
  })

  it('a half-typed birth date shows the format rule; a date that does not exist is refused on save', async () => {
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('Data de Nascimento'), '3102')
    expect(screen.getByText('Preencha a data corretamente no formato DD/MM/AAAA')).toBeTruthy()
    await user.type(field('Data de Nascimento'), '1990')
    expect(field('Data de Nascimento').value).toBe('31/02/1990')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(description(field('Data de Nascimento'))).toBe(
      'Preencha a data de nascimento corretamente no formato DD/MM/AAAA!',
    )
  })
})

describe('the CEP lookup (fetch stubbed at the network boundary)', () => {
  const paulista = {
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  }

  it('fills street, neighbourhood, city and state on leaving the CEP, and locks them', async () => {
    const lookups = stubCepService({ '01310100': paulista })
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('CEP'), '01310100')
    await user.tab()
    await waitFor(() => expect(field('Rua').value).toBe('Avenida Paulista'))
    expect(lookups).toEqual(['01310100'])
    expect(field('Bairro').value).toBe('Bela Vista')
    expect(field('Cidade').value).toBe('São Paulo')
    expect(field('Estado').value).toBe('SP')
    for (const label of ['Rua', 'Bairro', 'Cidade', 'Estado'])
      expect(field(label).readOnly, label).toBe(true)
    // What the lookup does not answer stays for the person.
    expect(field('Número do endereço').readOnly).toBe(false)
  })

  it('a changed CEP that is not found clears and unlocks what the previous one filled', async () => {
    stubCepService({ '01310100': paulista })
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('CEP'), '01310100')
    await user.tab()
    await waitFor(() => expect(field('Rua').value).toBe('Avenida Paulista'))

    await user.clear(field('CEP'))
    await user.type(field('CEP'), '99999999')
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'CEP não encontrado')
    for (const label of ['Rua', 'Bairro', 'Cidade', 'Estado']) {
      expect(field(label).value, label).toBe('')
      expect(field(label).readOnly, label).toBe(false)
    }
  })

  it('keeps what the person typed in an address field when the CEP changes', async () => {
    stubCepService({ '01310100': { ...paulista, logradouro: '' } })
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('CEP'), '01310100')
    await user.tab()
    await waitFor(() => expect(field('Cidade').value).toBe('São Paulo'))
    await user.type(field('Rua'), 'Rua Treze de Maio')
    await user.clear(field('CEP'))
    expect(field('Rua').value).toBe('Rua Treze de Maio')
    expect(field('Cidade').value).toBe('')
  })
})

describe('Cancelar', () => {
  it('without edits leaves at once', async () => {
    const { user } = renderNewDependent()
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
    expect(await screen.findByRole('heading', { name: elsewhereHeading })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('with edits asks first; "Continuar editando" keeps the form as it was', async () => {
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('Primeiro Nome'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Descartar as alterações?' })
    expect(
      within(dialog).getByText('O que você mudou neste formulário ainda não foi salvo.'),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(field('Primeiro Nome').value).toBe('Ana')
    expect(screen.queryByRole('heading', { name: elsewhereHeading })).toBeNull()
  })

  it('with edits, "Descartar" leaves', async () => {
    const { user } = renderNewDependent()
    await user.type(await screen.findByLabelText('Primeiro Nome'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Descartar as alterações?' })
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    expect(await screen.findByRole('heading', { name: elsewhereHeading })).toBeTruthy()
  })
})

describe('before Salvar: what is asked, and the holder address in one tap', () => {
  const withAddress: Person = {
    ...holder,
    address: {
      id: 'a1',
      cep: '01310100',
      state: 'SP',
      city: 'São Paulo',
      country: 'Brasil',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      number: '1000',
      complement: 'Apto 12',
    },
  }

  function renderDependentOf(person: Person) {
    return renderScreen(({ leave }) => (
      <PersonForm
        version=""
        who="newDependent"
        person={null}
        mandatory={{ ...mandatory, complement: false }}
        readOnly={false}
        saving={false}
        dependentTypes={[{ id: 'filho', name: 'Filho(a)' }]}
        dependentTypeId={null}
        holder={person}
        onSave={() => {}}
        onLeave={leave}
      />
    ))
  }

  it('marks the required fields as required before anything is typed, and not the others', async () => {
    renderDependentOf(holder)
    expect((await screen.findByLabelText('Primeiro Nome')).getAttribute('aria-required')).toBe(
      'true',
    )
    expect(field('Tipo do dependente').getAttribute('aria-required')).toBe('true')
    expect(field('Complemento').getAttribute('aria-required')).toBeNull()
  })

  it("a new dependent starts at the holder's address, in one line; unticking opens empty fields", async () => {
    const { user } = renderDependentOf(withAddress)
    const same = await screen.findByRole('checkbox', { name: 'Mesmo endereço do titular' })
    expect((same as HTMLInputElement).checked).toBe(true)
    expect(
      screen.getByText(
        'Avenida Paulista, 1000, Apto 12 · Bela Vista · São Paulo/SP · CEP 01310-100',
      ),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Rua')).toBeNull()
    // Unticked: the fields, empty, the country's default kept.
    await user.click(same)
    expect(field('Rua').value).toBe('')
    expect(field('CEP').value).toBe('')
    expect(field('País').value).toBe('Brasil')
    await user.type(field('Rua'), 'Rua Antiga')
    // Ticked again: the holder's address; unticked, what was typed comes back.
    await user.click(same)
    expect(screen.queryByLabelText('Rua')).toBeNull()
    await user.click(same)
    expect(field('Rua').value).toBe('Rua Antiga')
  })

  it("typing the holder's address by hand leaves the fields open; only the box folds them", async () => {
    const { user } = renderDependentOf(withAddress)
    const same = await screen.findByRole('checkbox', { name: 'Mesmo endereço do titular' })
    await user.click(same)
    await user.type(field('CEP'), '01310100')
    await user.type(field('Rua'), 'Avenida Paulista')
    await user.type(field('Número do endereço'), '1000')
    await user.type(field('Complemento'), 'Apto 12')
    await user.type(field('Bairro'), 'Bela Vista')
    await user.type(field('Cidade'), 'São Paulo')
    await user.type(field('Estado'), 'SP')
    expect(field('Estado').value).toBe('SP')
    expect((same as HTMLInputElement).checked).toBe(false)
  })

  it('a value typed wrong is said as the field is left; an empty one waits for Salvar', async () => {
    const { user } = renderDependentOf(holder)
    await user.click(await screen.findByLabelText('Primeiro Nome'))
    await user.tab()
    expect(field('Primeiro Nome').getAttribute('aria-invalid')).toBeNull()
    await user.type(field('CPF'), '52998224726')
    await user.tab()
    expect(field('CPF').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('CPF inválido.')).toBeTruthy()
    // No count atop the form: that is Salvar's answer.
    expect(screen.queryByText(/precisa(m)? de correção/)).toBeNull()
  })

  it('offers nothing when the holder has no address', async () => {
    renderDependentOf(holder)
    await screen.findByLabelText('Rua')
    expect(screen.queryByRole('checkbox', { name: 'Mesmo endereço do titular' })).toBeNull()
  })
})
