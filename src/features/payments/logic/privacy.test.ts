import { describe, expect, it } from 'vitest'
import { maskAddress, maskCpf, maskEmail, maskPhone } from './privacy'

describe('the payer on a public link', () => {
  it('shows the CPF as banks do: the middle six digits', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**')
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**')
    expect(maskCpf('')).toBe('—')
    expect(maskCpf('123')).toBe('***')
  })

  it('keeps two letters of the e-mail and its domain', () => {
    expect(maskEmail('ana@exemplo.com.br')).toBe('an***@exemplo.com.br')
    expect(maskEmail('ana.souza@exemplo.com.br')).toBe('an*******@exemplo.com.br')
    expect(maskEmail('a@b.com')).toBe('a***@b.com')
    expect(maskEmail('')).toBe('—')
    expect(maskEmail('sem-arroba')).toBe('***')
  })

  it('keeps the area code and the last four digits of the phone', () => {
    expect(maskPhone('+55 11987654321')).toBe('+55 (11) *****-4321')
    expect(maskPhone('11987654321')).toBe('(11) *****-4321')
    expect(maskPhone('')).toBe('—')
  })

  it('keeps the street and the city of the address, not its number, neighbourhood nor full CEP', () => {
    const address = {
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      cep: '01310100',
    }
    expect(maskAddress(address)).toBe('Avenida Paulista, nº *** · São Paulo/SP · CEP 01310-***')
    expect(maskAddress({ ...address, number: '', cep: '' })).toBe('Avenida Paulista · São Paulo/SP')
  })
})
