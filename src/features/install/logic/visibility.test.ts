import { describe, expect, it } from 'vitest'
import { isSafariLike, shouldShowInstallPrompt } from './visibility'

describe('install prompt visibility (spec §4)', () => {
  it.each([
    [
      'hidden by default',
      { standalone: false, installedFlag: null, browserOffered: false, safariLike: false },
      false,
    ],
    [
      'shown when the browser offers installation',
      { standalone: false, installedFlag: null, browserOffered: true, safariLike: false },
      true,
    ],
    [
      'always shown on Safari-like browsers',
      { standalone: false, installedFlag: null, browserOffered: false, safariLike: true },
      true,
    ],
    [
      'hidden when running standalone',
      { standalone: true, installedFlag: null, browserOffered: true, safariLike: true },
      false,
    ],
    [
      "hidden once pwa-installed is 'true'",
      { standalone: false, installedFlag: 'true', browserOffered: true, safariLike: true },
      false,
    ],
    [
      'any other flag value does not hide it',
      { standalone: false, installedFlag: 'false', browserOffered: true, safariLike: false },
      true,
    ],
  ])('%s', (_name, context, expected) => {
    expect(shouldShowInstallPrompt(context)).toBe(expected)
  })

  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      true,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
      false,
    ],
  ])('%s → Safari-like: %s', (userAgent, expected) => {
    expect(isSafariLike(userAgent)).toBe(expected)
  })
})
