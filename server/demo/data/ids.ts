/**
 * Fixed ids of the demo data (docs/design.md §4), so tests and scripts can name rows directly.
 * The first character says whose row it is (a = Ana, b = Bruno, …, f = shared catalogue).
 */

const id = (owner: string, n: number) =>
  `${owner}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const demoEmails = {
  ana: 'ana@exemplo.com.br',
  bruno: 'bruno@exemplo.com.br',
  carla: 'carla@exemplo.com.br',
  davi: 'davi@exemplo.com.br',
  elisa: 'elisa@exemplo.com.br',
} as const

export const demoIds = {
  dependentTypes: {
    spouse: id('f', 1),
    child: id('f', 2),
    parent: id('f', 3),
    other: id('f', 4),
  },
  models: {
    familyClub: id('f', 11),
    gym: id('f', 12),
    waterPark: id('f', 13),
  },
  modelDocuments: {
    clubRules: id('f', 21),
    serviceTable: id('f', 22),
    gymRules: id('f', 23),
  },
  ana: {
    person: id('a', 1),
    contract: id('a', 2),
    holder: id('a', 3),
    pedro: { person: id('a', 11), dependent: id('a', 12) },
    maria: { person: id('a', 21), dependent: id('a', 22) },
    cards: { ana: id('a', 31), pedro: id('a', 32), maria: id('a', 33) },
    file: id('a', 41),
    /** Instalments 1 to 12, in order. */
    instalments: Array.from({ length: 12 }, (_, index) => id('a', 101 + index)),
    paymentLinks: { cardSwap: id('a', 51), b2b: id('a', 52) },
    recurrence: id('a', 61),
  },
  bruno: {
    person: id('b', 1),
    active: { contract: id('b', 2), holder: id('b', 3), card: id('b', 4) },
    overdue: { contract: id('b', 12), holder: id('b', 13), card: id('b', 14) },
    /** Three instalments of each contract. */
    instalments: Array.from({ length: 6 }, (_, index) => id('b', 101 + index)),
  },
  carla: {
    person: id('c', 1),
    contract: id('c', 2),
    holder: id('c', 3),
    /** Her gym plan's 12 instalments, the first due next month: what her terms price. */
    instalments: Array.from({ length: 12 }, (_, index) => id('c', 101 + index)),
  },
  davi: { person: id('d', 1), contract: id('d', 2), holder: id('d', 3) },
  elisa: { person: id('e', 1) },
} as const

/** Codes of the demo payment links (open /pagamento?code=…, no login needed). */
export const demoPaymentLinks = {
  /** Ana swaps the card of her recurring payment (src CHANGE_CARD_RECURRENCE). */
  cardSwap: 'TROCA-CARTAO-ANA',
  /** Ana's instalment 5 on the B2B channel (the B2B price list). */
  b2b: 'B2B-ANA-0005',
} as const

/** The payment gateway company of every demo contract model (the tokenizer's CompanyId). */
export const demoGatewayId = 'sandbox-portal'
