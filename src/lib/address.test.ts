import { describe, expect, it } from 'vitest'
import { addressLine } from './address'

describe('addressLine', () => {
  const paulista = {
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    cep: '01310100',
  }

  it.each([
    [paulista, 'Avenida Paulista, 1000 · Bela Vista · São Paulo/SP · CEP 01310-100'],
    [
      { ...paulista, complement: 'Apto 12', cep: '01310-100' },
      'Avenida Paulista, 1000, Apto 12 · Bela Vista · São Paulo/SP · CEP 01310-100',
    ],
    [{ ...paulista, number: ' ', neighborhood: '', cep: '' }, 'Avenida Paulista · São Paulo/SP'],
  ])('%o → %s', (address, line) => {
    expect(addressLine(address)).toBe(line)
  })
})
