import { lazy, Suspense } from 'react'
import { isTokenValid } from '../../../../contract/session-token'
import { session } from '../../../api/session'
import { brand } from '../../../brand'
import pageStyles from '../../../ui/page.module.css'

/** Only for whoever is logged in: a visitor from /login never loads the download's code. */
const PersonalDataSection = lazy(() => import('./personal-data-section'))

/**
 * How the portal treats personal data (issue 28), for anyone, logged in or not: what is kept,
 * why, for how long and whom to ask. The provider is the controller; its contact comes from the
 * brand (src/brand.ts).
 */
export function PrivacyPage() {
  const { support, links } = brand
  // The copy itself is for the logged-in holder (the server checks the session again).
  const loggedIn = isTokenValid(session.token(), Date.now())
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Privacidade</h1>
      {loggedIn && (
        <Suspense>
          <PersonalDataSection />
        </Suspense>
      )}
      <p>
        {brand.name} usa este portal para atender quem tem um contrato com ele. Quem decide sobre
        seus dados (o controlador, na Lei Geral de Proteção de Dados) é {brand.name}.
      </p>
      <h2>O que guardamos</h2>
      <p>
        Seu cadastro e o dos seus dependentes (nome, nascimento, documentos, contato, endereço e
        foto), os documentos enviados, os contratos, as parcelas e os pagamentos (com as
        autorizações de débito automático via Pix), os termos que você aceitou e quando, as passkeys
        e as sessões de acesso, e suas preferências de lembrete. Dados de cartão não passam por
        aqui: vão direto ao processador de pagamentos.
      </p>
      <h2>Para quê</h2>
      <p>
        Para cumprir o contrato: identificar você na portaria, emitir carteirinhas, cobrar e dar
        recibo das parcelas, avisar dos vencimentos e manter o cadastro que o contrato exige.
      </p>
      <h2>Por quanto tempo</h2>
      <p>
        Enquanto o contrato durar e, depois dele, pelo tempo que a lei exige para registros
        financeiros e fiscais. Sessões e códigos de acesso expiram em dias.
      </p>
      <h2>Seus direitos</h2>
      <p>
        Você pode baixar uma cópia dos seus dados a qualquer momento em "Cópia dos meus dados", no
        menu do perfil (depois de entrar no portal), e corrigir seu cadastro em "Meus Dados". Para
        pedir a exclusão ou tirar uma dúvida, fale com {support.name}: {support.email} ou WhatsApp{' '}
        {support.whatsappText}.
      </p>
      {/* The provider's own documents, when brand.json names pages beyond this one. */}
      {(links.privacy !== '/privacidade' || links.terms) && (
        <ul>
          {links.privacy !== '/privacidade' && (
            <li>
              <a href={links.privacy}>Política de privacidade de {brand.name}</a>
            </li>
          )}
          {links.terms && (
            <li>
              <a href={links.terms}>Termos de uso de {brand.name}</a>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
