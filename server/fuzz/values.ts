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

export const evilStrings = [
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
