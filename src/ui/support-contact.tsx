import { brand } from '../brand'

/**
 * How a holder reaches a person at the provider, from the brand file: "Nome: e-mail ou
 * WhatsApp número", each a link. Said where a screen cannot help further (no contract, a field
 * only the provider may change).
 */
export function SupportContact() {
  const { support } = brand
  return (
    <>
      {support.name}: <a href={`mailto:${support.email}`}>{support.email}</a>
      {support.whatsapp && (
        <>
          {' '}
          ou WhatsApp{' '}
          <a href={`https://wa.me/${support.whatsapp.replace(/\D/g, '')}`}>
            {support.whatsappText}
          </a>
        </>
      )}
    </>
  )
}
