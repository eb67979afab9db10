/**
 * Security headers on every answer (docs/design.md §6): API JSON and its errors, static files, the app
 * shell, /sandbox and /dev. Applied near the top in createApp, so it also wraps what onError and
 * notFound answer. Hono's secureHeaders sets them; the policies are ours, written here as data.
 * A handler that sets a header itself keeps its value: the purchase terms HTML carries a
 * stricter CSP than the app's.
 */
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { Config, GatewayConfig } from '../config'

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>

/**
 * Where Stripe.js comes from, frames its card fields and the bank's authentication, and calls
 * (Stripe's CSP guide); a stand-in served elsewhere (tests) is all three from its own origin.
 */
export function cardGatewayOrigins(gateway: GatewayConfig | undefined) {
  if (gateway?.kind !== 'stripe') return { script: [], frame: [], connect: [] }
  const js = new URL(gateway.jsUrl).origin
  if (js !== 'https://js.stripe.com') return { script: [js], frame: [js], connect: [js] }
  return {
    script: [js, 'https://*.js.stripe.com'],
    frame: [js, 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  }
}

/**
 * Content Security Policy of docs/design.md §6: only our own scripts (and the card gateway's, when it
 * is Stripe), no plugins, no framing of us. data:/blob: cover photos, PDFs and the card PNG the
 * app builds in the browser.
 */
export function contentSecurityPolicyDirectives(
  connectOrigins: readonly string[] = [],
  gateway?: GatewayConfig,
) {
  const card = cardGatewayOrigins(gateway)
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...card.script],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // The app calls only us, plus the tokenizer and postal-code service when they live elsewhere.
    connectSrc: ["'self'", 'data:', 'blob:', ...connectOrigins, ...card.connect],
    frameSrc: ["'self'", 'blob:', 'data:', ...card.frame],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  } satisfies SecureHeadersOptions['contentSecurityPolicy']
}

/** The camera reads QR codes at the gate and takes registration photos; nothing else is used. */
const permissions = {
  camera: ['self'],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
} satisfies SecureHeadersOptions['permissionsPolicy']

/** One year; only sent when the app is served over https (PUBLIC_URL), or browsers would pin it. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains'

/** The header's text, as secureHeaders writes it: `default-src 'self'; script-src 'self'; …`. */
export function contentSecurityPolicyFor(connectOrigins: readonly string[] = []) {
  return Object.entries(contentSecurityPolicyDirectives(connectOrigins))
    .map(([directive, values]) => [kebab(directive), ...values].join(' '))
    .join('; ')
}

export const contentSecurityPolicy = contentSecurityPolicyFor()

export const permissionsPolicy = Object.entries(permissions)
  .map(([feature, origins]) => `${kebab(feature)}=(${origins.join(' ')})`)
  .join(', ')

function kebab(name: string) {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

export function securityHeaders(
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'connectOrigins' | 'gateway'>>,
): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicyDirectives(config.connectOrigins, config.gateway),
    permissionsPolicy: permissions,
    xContentTypeOptions: 'nosniff',
    // Payment links carry their code in the URL: it never leaves in a Referer.
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    originAgentCluster: '?1',
    xDnsPrefetchControl: 'off',
    xPermittedCrossDomainPolicies: 'none',
    strictTransportSecurity: config.publicUrl?.toLowerCase().startsWith('https:')
      ? strictTransportSecurity
      : false,
    // Headers for browsers long gone (IE's download prompt, the removed XSS auditor): not sent.
    xDownloadOptions: false,
    xXssProtection: false,
    crossOriginEmbedderPolicy: false,
    // A handler's own header wins: the terms HTML sets a stricter CSP.
    overwrite: false,
  })
}
