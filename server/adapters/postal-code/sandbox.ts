/**
 * Demo stand-in for the public postal-code service (the app calls VITE_CEP_URL directly; in demo
 * mode that is /sandbox/cep). Same answer shape: logradouro, bairro, localidade, uf — or erro.
 */
export type PostalAddress = {
  cep: string
  logradouro: string
  bairro: string
  localidade: string
  uf: string
}

const table: PostalAddress[] = [
  {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  {
    cep: '20040-020',
    logradouro: 'Avenida Rio Branco',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  {
    cep: '30130-010',
    logradouro: 'Avenida Afonso Pena',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
  { cep: '40020-000', logradouro: 'Rua Chile', bairro: 'Centro', localidade: 'Salvador', uf: 'BA' },
  {
    cep: '70040-010',
    logradouro: 'Eixo Monumental',
    bairro: 'Asa Norte',
    localidade: 'Brasília',
    uf: 'DF',
  },
  {
    cep: '80010-000',
    logradouro: 'Rua XV de Novembro',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
  },
  {
    cep: '90010-150',
    logradouro: 'Rua dos Andradas',
    bairro: 'Centro Histórico',
    localidade: 'Porto Alegre',
    uf: 'RS',
  },
]

export function lookupPostalCode(cep: string): PostalAddress | null {
  const digits = cep.replace(/\D/g, '')
  return table.find((entry) => entry.cep.replace(/\D/g, '') === digits) ?? null
}
