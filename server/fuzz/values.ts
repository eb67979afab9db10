/**
 * Values wrong for almost any field, for the fuzz test: other types, edge numbers, strings that
 * are huge, unicode, NUL or a lone surrogate, nesting thousands deep; and the raw pieces of a
 * URL or header a client could send (bad percent escapes, dot segments, Latin-1).
 */
import fc from 'fast-check'
import { externalMarkup as externalMarkupCases } from '../../contract/card-markup.cases'

/**
 * Stands for `depth` nested arrays, written out by bodyText (mutations.ts): a plain string, so
 * it survives the copies a mutation makes, and the generator never builds the deep value itself.
 */
export const deep = (depth: number) => `@@deep:${depth}@@`

/**
 * Dates the calendar lacks or PostgreSQL cannot keep (year 0000, past 9999), out of the range the
 * portal keeps, or loosely written: every date field must refuse them with a 4xx, never a 500.
 */
export const impossibleDates = [
  '0000-01-01',
  '2026-02-30',
  '2026-02-29',
  '2026-04-31',
  '1899-12-31',
  '9999-12-31',
  '275760-09-13',
  '2026-2-3',
  '2026-02-28T25:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T10:00:00-03:00',
  '+275760-09-13T00:00:00Z',
  '2026-02-28T10:00:00',
]

export const evilStrings = [
  ...impossibleDates,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202eevil',
  '💥🇧🇷',
  'e\u0301',
  'ａｎａ@ｅｘｅｍｐｌｏ.com.br',
  'ANA@EXEMPLO.COM.BR',
  'ana@exemplo.com.br\u0000',
  "' or 1=1 --",
  '"; drop table persons; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  '\n\r\t',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '2147483648',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  '0000-00-00',
  '2024-02-30T25:61:61Z',
  '31/02/2024',
  '99/99/9999',
  '00000000-0000-0000-0000-000000000000',
  'A0000000-0000-4000-8000-000000000002',
]

/**
 * Markup that makes the card fetch something (an external src, srcset, background=, url() in
 * every spelling…), the table the card markup filter is tested with: the sweep puts each into
 * every field whose sample is markup (a plan's card layout). None may ever be stored; each
 * names one of `externalMarkupProbes`, which the fuzz test looks for in every row written.
 */
export const externalMarkup = externalMarkupCases.map((entry) => entry.html)
export const externalMarkupProbes = [
  ...new Set(externalMarkupCases.map((entry) => entry.probe ?? 'rastreio')),
]

const hugeStrings = [
  'ç'.repeat(100_000),
  '9'.repeat(20_000),
  // Valid base64, and a JPEG signature: what the photo and attachment checks look into.
  'A'.repeat(1_500_000),
  `/9j/4A${'A'.repeat(1_500_000)}`,
]

export const evilString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...evilStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
  { weight: 1, arbitrary: fc.uuid() },
)

export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: evilString },
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      1e308,
      -1e308,
      2 ** 31,
      Number.MAX_SAFE_INTEGER + 2,
      [],
      {},
      [[]],
      { '': {} },
      ['x'],
      [null],
    ),
  },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map(deep) },
)

/** Header values a client can send: visible Latin-1 and tabs, no line breaks. */
export const headerValue: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
    fc.constant('\t'),
  ),
  maxLength: 60,
})

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Percent-encodes a string for a URL; a lone surrogate goes as the bytes a client would send. */
export const encode = (value: string) =>
  encodeURIComponent(value.replace(loneSurrogate, '\u{fffd}')).replaceAll('%EF%BF%BD', '%ED%A0%80')

/** Raw path segments and query values: bad escapes, NUL, dot segments, unicode, length. */
export const evilSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%FF',
    '%00',
    '..',
    '%2e%2e',
    '%2F',
    '.',
    ' ',
    '%20',
    'null',
    'a'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.uuid(),
  evilString.map(encode),
)

/** Values of one field's own input class, for the fields that take more than a string. */
export interface FieldClass {
  /** Where the field is in each sample body, e.g. ['url']. */
  path: (string | number)[]
  /** Put in the field one at a time by the sweep. */
  values: readonly unknown[]
  /** Put in the field now and then by the random requests. */
  arbitrary: fc.Arbitrary<unknown>
}

const byte = fc.integer({ min: 0, max: 255 })
const hex = (high: number, low: number) => ((high << 8) | low).toString(16)

/** One IPv4 address in the spellings a URL parser or a resolver takes for it. */
const ipv4Spellings = ([a, b, c, d]: number[]) => {
  const [w = 0, x = 0, y = 0, z = 0] = [a, b, c, d]
  const number = ((w << 24) >>> 0) + (x << 16) + (y << 8) + z
  return [
    `${w}.${x}.${y}.${z}`,
    String(number),
    `0x${number.toString(16)}`,
    [w, x, y, z].map((part) => `0${part.toString(8)}`).join('.'),
    `${w}.${x}.${(y << 8) + z}`,
    `${w}.${(x << 16) + (y << 8) + z}`,
    `[::ffff:${w}.${x}.${y}.${z}]`,
    `[::ffff:${hex(w, x)}:${hex(y, z)}]`,
    `[::${hex(w, x)}:${hex(y, z)}]`,
    `[64:ff9b::${hex(w, x)}:${hex(y, z)}]`,
    `[2002:${hex(w, x)}:${hex(y, z)}::1]`,
  ]
}

const insideIpv4 = [
  [127, 0, 0, 1],
  [10, 0, 0, 1],
  [169, 254, 169, 254],
  [192, 168, 0, 1],
  [172, 16, 0, 1],
  [100, 64, 0, 1],
  [0, 0, 0, 0],
]

/**
 * Webhook endpoint URLs that point at this machine or a private network written every way a
 * URL allows (IPv4-mapped, NAT64, 6to4, decimal, hex, octal, short, localhost), and public
 * ones written the same ways. Without WEBHOOK_ALLOW_PRIVATE the first must be refused however
 * they are spelled; none may answer 500. Names other than localhost are left out: the fuzz
 * does not depend on a DNS.
 */
export const webhookUrlForms: FieldClass = {
  path: ['url'],
  values: [
    ...insideIpv4.flatMap(ipv4Spellings).map((host) => `https://${host}:8443/webhooks`),
    ...ipv4Spellings([1, 1, 1, 1]).map((host) => `https://${host}/webhooks`),
    'https://[::1]/webhooks',
    'https://[::]/webhooks',
    'https://[0:0:0:0:0:0:0:1]/webhooks',
    'https://[fe80::1]/webhooks',
    'https://[fe80::1%25eth0]/webhooks',
    'https://[fd00::1]/webhooks',
    'https://[ff02::1]/webhooks',
    'https://[2001::1]/webhooks',
    'https://[64:ff9b:1::a00:1]/webhooks',
    'https://0/webhooks',
    'https://127.0.0.1./webhooks',
    'https://%31%32%37.0.0.1/webhooks',
    'https://１２７.０.０.１/webhooks',
    'https://localhost/webhooks',
    'https://LOCALHOST./webhooks',
    'https://painel.localhost/webhooks',
    'http://127.0.0.1:9/webhooks',
    'http://[2001:4860:4860::8888]/webhooks',
    'https://[2001:4860:4860::8888]/webhooks',
    'https://user:senha@[::ffff:7f00:1]/webhooks',
  ],
  arbitrary: fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...insideIpv4) },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(127, 10), byte, byte, byte) },
        { weight: 1, arbitrary: fc.tuple(byte, byte, byte, byte) },
      ),
      fc.nat(),
      fc.constantFrom('https', 'https', 'https', 'http'),
      fc.option(fc.integer({ min: 1, max: 65_535 }), { freq: 2 }),
    )
    .map(([address, which, scheme, port]) => {
      const spellings = ipv4Spellings(address)
      const host = spellings[which % spellings.length]
      return `${scheme}://${host}${port === null ? '' : `:${port}`}/webhooks`
    }),
}
