/**
 * Security headers on every answer (DESIGN.md §6): API JSON and its errors, static files, the app
 * shell, /sandbox and /dev. Applied first in createApp, so it also wraps what onError and
 * notFound answer. A handler that sets a header itself keeps its value: the purchase terms HTML
 * carries a stricter CSP than the app's.
 */
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config'

/**
 * Content Security Policy of DESIGN.md §6: only our own scripts, no plugins, no framing.
 * data:/blob: cover photos, PDFs and the card PNG the app builds in the browser.
 */
export function contentSecurityPolicyFor(connectOrigins: readonly string[] = []) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The app calls only us, plus the tokenizer and postal-code service when they live elsewhere.
    ["connect-src 'self' data: blob:", ...connectOrigins].join(' '),
    "frame-src 'self' blob: data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export const contentSecurityPolicy = contentSecurityPolicyFor()

/** The camera reads QR codes at the gate and takes registration photos; nothing else is used. */
export const permissionsPolicy = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
].join(', ')

/** One year; only sent when the app is served over https (PUBLIC_URL), or browsers would pin it. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains'

export function securityHeadersFor(
  publicUrl: string | undefined,
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicyFor(connectOrigins),
    'X-Content-Type-Options': 'nosniff',
    // Payment links carry their code in the URL: it never leaves in a Referer.
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': permissionsPolicy,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'X-DNS-Prefetch-Control': 'off',
    'X-Permitted-Cross-Domain-Policies': 'none',
    ...(publicUrl?.toLowerCase().startsWith('https:')
      ? { 'Strict-Transport-Security': strictTransportSecurity }
      : {}),
  }
}

export function securityHeaders(
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'connectOrigins'>>,
): MiddlewareHandler {
  const headers = Object.entries(securityHeadersFor(config.publicUrl, config.connectOrigins))
  return async (c, next) => {
    await next()
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
  }
}
