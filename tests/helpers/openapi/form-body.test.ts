import { describe, expect, it } from 'vitest'
import { decodeBracketForm, FormDecodingError } from './form-body'

describe('decodeBracketForm: Stripe bracket notation into nested values', () => {
  it.each([
    ['', {}],
    ['amount=3700&currency=brl', { amount: '3700', currency: 'brl' }],
    ['description=caf%C3%A9+com+leite', { description: 'café com leite' }],
    ['metadata[charge]=c1&metadata[instalment]=5', { metadata: { charge: 'c1', instalment: '5' } }],
    ['metadata%5Bcharge%5D=c1', { metadata: { charge: 'c1' } }],
    ['metadata[charge]=', { metadata: { charge: '' } }],
    [
      'payment_method_types[0]=card&payment_method_types[1]=boleto',
      { payment_method_types: ['card', 'boleto'] },
    ],
    ['expand[]=latest_charge&expand[]=customer', { expand: ['latest_charge', 'customer'] }],
    ['expand=latest_charge&expand=customer', { expand: ['latest_charge', 'customer'] }],
    [
      'items[0][price]=p1&items[0][quantity]=2&items[1][price]=p2',
      { items: [{ price: 'p1', quantity: '2' }, { price: 'p2' }] },
    ],
    [
      'payment_method_options[card][request_three_d_secure]=any',
      { payment_method_options: { card: { request_three_d_secure: 'any' } } },
    ],
    ['a[b][0][c][]=x&a[b][0][c][]=y', { a: { b: [{ c: ['x', 'y'] }] } }],
    // Not well-formed brackets: the key is taken as it is, and the schema will say so.
    ['a[b=1', { 'a[b': '1' }],
  ])('%j', (text, expected) => {
    expect(decodeBracketForm(text)).toEqual(expected)
  })

  it.each([
    ['a=1&a[b]=2', 'já tem um valor simples'],
    ['a[b]=1&a[b]=2', 'dado mais de uma vez'],
    ['a[0]=1&a[x]=2', 'usado como nome numa lista'],
  ])('refuses %j, which no provider could read one way', (text, message) => {
    expect(() => decodeBracketForm(text)).toThrow(FormDecodingError)
    expect(() => decodeBracketForm(text)).toThrow(message)
  })
})
