/**
 * Who the portal speaks for: the provider's name and how its holders reach a person. One place
 * for the screens to read it; the provider's own brand file replaces these defaults (the demo's
 * club) when that lands (issue 28).
 */
export const brand = {
  name: 'Clube Exemplo',
  support: {
    /** How the screens name it in a sentence: "fale com {name}". */
    name: 'o atendimento do Clube Exemplo',
    email: 'atendimento@exemplo.com.br',
    /** E.164 digits for wa.me, and as a person reads it. */
    whatsapp: '+551140000000',
    whatsappText: '(11) 4000-0000',
  },
} as const
