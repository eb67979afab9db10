import { describe, expect, it } from 'vitest'
import {
  type FormValues,
  isReadOnly,
  isShown,
  lockedFields,
  lockedNote,
  requiredLeft,
  sectionLeft,
  toIsoDate,
  toPersonPayload,
} from './form'

const empty: FormValues = {
  first_name: '',
  last_name: '',
  birthdate: '',
  gender: '',
  rg: '',
  cpf: '',
  passport: '',
  birth_certificate: '',
  email: '',
  number_ddi: '',
  phone: '',
  cep: '',
  state: '',
  city: '',
  country: '',
  street: '',
  neighborhood: '',
  number: '',
  complement: '',
}
const filled: FormValues = {
  ...empty,
  first_name: 'Ana',
  last_name: 'Souza',
  birthdate: '15/03/1988',
  gender: 'Feminino',
  cpf: '529.982.247-25',
  email: 'ana@exemplo.com.br',
  number_ddi: '+55',
  phone: '(11) 98765-4321',
  cep: '01310-100',
}

describe('birth date (spec §5: DD/MM/AAAA, sent as year-month-day)', () => {
  it.each([
    ['15/03/1988', '1988-03-15'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null],
    ['31/04/2020', null],
    ['1/3/1988', null],
    ['1988-03-15', null],
    ['', null],
  ])('%s → %s', (input, iso) => {
    expect(toIsoDate(input)).toBe(iso)
  })
})

describe('what is left of the required fields (the form, and each section)', () => {
  it.each([
    [0, 'Todos os campos obrigatórios preenchidos', 'faltam 0 campos'],
    [1, 'Falta 1 campo obrigatório', 'falta 1 campo'],
    [8, 'Faltam 8 campos obrigatórios', 'faltam 8 campos'],
  ])('%i', (count, form, section) => {
    expect(requiredLeft(count)).toBe(form)
    expect(sectionLeft(count)).toBe(section)
  })
})

describe('sections shown only when the contract requires them', () => {
  it.each([
    ['first_name', {}, true],
    ['gender', {}, false],
    ['gender', { gender: true }, true],
    ['number_ddi', { phone: true }, true],
    ['email', { phone: true }, true],
    ['street', { cep: true }, true],
    ['street', {}, false],
  ] as const)('%s with %j → %s', (field, mandatory, shown) => {
    expect(isShown(field, mandatory)).toBe(shown)
  })
})

describe('edit rights and locks (spec §4)', () => {
  it.each([
    ['holder', { contract: 'REVIEW' }, true],
    ['holder', { contract: 'INACTIVE' }, true],
    ['holder', { contract: 'ACTIVE' }, false],
    ['existingDependent', { holder: 'REVIEW', dependent: 'ACTIVE' }, true],
    ['existingDependent', { holder: 'ACTIVE', dependent: 'REVIEW' }, true],
    ['existingDependent', { holder: 'ACTIVE', dependent: 'ACTIVE' }, false],
    ['newDependent', { holder: 'REVIEW', contract: 'REVIEW' }, false],
  ] as const)('%s %j → read-only %s', (who, statuses, readOnly) => {
    expect(isReadOnly(who, statuses)).toBe(readOnly)
  })

  it('locks what was filled at load', () => {
    expect([...lockedFields('holder', filled)].sort()).toEqual([
      'cpf',
      'email',
      'first_name',
      'last_name',
    ])
    expect([...lockedFields('holder', { ...filled, email: '' })].sort()).toEqual([
      'cpf',
      'first_name',
      'last_name',
    ])
    expect([...lockedFields('existingDependent', { ...filled, last_name: '' })].sort()).toEqual([
      'cpf',
      'email',
      'first_name',
      'last_name',
    ])
    expect([...lockedFields('newDependent', filled)]).toEqual([])
  })

  it.each([
    [['CPF'], 'CPF identifica você e não pode ser alterado por aqui.'],
    [['CPF', 'E-mail'], 'CPF e E-mail identificam você e não podem ser alterados por aqui.'],
    [
      ['Primeiro Nome', 'CPF', 'E-mail'],
      'Primeiro Nome, CPF e E-mail identificam você e não podem ser alterados por aqui.',
    ],
  ])('says why %j cannot be typed into', (labels, note) => {
    expect(lockedNote(labels)).toBe(note)
  })
})

it('payload: digits only for DDI, phone, CPF and CEP; ISO birth date; nulls for empty', () => {
  const payload = toPersonPayload(filled, { id: 'p1' })
  expect(payload).toMatchObject({
    id: 'p1',
    birth_date: '1988-03-15',
    documents: { cpf: '52998224725', rg: null },
    phone: { number_ddi: '55', number: '11987654321' },
    address: { cep: '01310100', street: null },
  })
})
