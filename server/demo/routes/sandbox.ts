/** Demo mode only (mounted at /sandbox): stand-ins for external services of docs/design.md §4. */
import { Hono } from 'hono'
import { lookupPostalCode } from '../../adapters/postal-code/sandbox'
import type { AppEnv } from '../../deps'

export function sandboxRoutes() {
  return new Hono<AppEnv>().get('/cep/:cep/json', (c) => {
    const cep = c.req.param('cep')
    // The public service answers 400 for a malformed CEP and { erro: true } for an unknown one;
    // the 400 also carries the { message } every error of this server has.
    if (!/^\d{5}-?\d{3}$/.test(cep)) {
      return c.json({ erro: true, message: 'CEP inválido: use 8 dígitos.' }, 400)
    }
    const address = lookupPostalCode(cep)
    return c.json(address ? { ...address, complemento: '', ibge: '', ddd: '' } : { erro: true })
  })
}
