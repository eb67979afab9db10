/**
 * One card layout per way HTML or CSS can make a request, for the server's filter and the app's
 * sanitizer alike. Each names `rastreio` (the third party the request would tell) or, where
 * that is hidden in base64, the `probe` text: what neither filter may let through.
 */
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='
const svg = (text: string) => `data:image/svg+xml;base64,${btoa(text)}`
const scriptSvg = svg(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("//t.example")</script></svg>',
)
const externalSvg = svg(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://t.example/p.png"/></svg>',
)
const url = 'https://rastreio.exemplo/p.gif'

export interface ExternalCase {
  name: string
  html: string
  probe?: string
}

export const externalMarkup: ExternalCase[] = [
  // Attributes and elements that fetch
  { name: 'img src over https', html: `<img src="${url}" alt="">` },
  { name: 'IMG SRC in capitals, unquoted', html: `<IMG SRC=${url}>` },
  { name: 'img src with spaces around', html: `<img src="  ${url} ">` },
  { name: 'img srcset', html: `<img src="${png}" srcset="${url} 2x">` },
  {
    name: 'picture, source srcset and sizes',
    html: `<picture><source srcset="${url} 1x" sizes="100vw"><img src="${png}"></picture>`,
  },
  {
    name: 'background= on a table',
    html: `<table background="${url}"><tr><td>x</td></tr></table>`,
  },
  { name: 'background= on a cell', html: `<table><tr><td background="${url}">x</td></tr></table>` },
  { name: 'video poster', html: `<video poster="${url}"></video>` },
  { name: 'video src', html: `<video src="${url}"></video>` },
  { name: 'audio src', html: `<audio src="${url}" autoplay></audio>` },
  { name: 'track src', html: `<video><track src="${url}" kind="captions"></video>` },
  { name: 'link stylesheet', html: `<link rel="stylesheet" href="${url}">` },
  { name: 'link prefetch', html: `<link rel="prefetch" href="${url}">` },
  { name: 'link preload', html: `<link rel="preload" as="image" href="${url}">` },
  { name: 'a href and ping', html: `<a href="${url}" ping="${url}">Ana</a>` },
  { name: 'svg use href', html: `<svg><use href="${url}#i"></use></svg>` },
  { name: 'svg image xlink:href', html: `<svg><image xlink:href="${url}"></image></svg>` },
  { name: 'svg feImage', html: `<svg><filter id="f"><feImage href="${url}"/></filter></svg>` },
  { name: 'form action', html: `<form action="${url}"><input name="cpf"></form>` },
  { name: 'button formaction', html: `<button formaction="${url}">Ver</button>` },
  { name: 'input type=image', html: `<input type="image" src="${url}">` },
  { name: 'object data', html: `<object data="${url}"></object>` },
  {
    name: 'object codebase and archive',
    html: `<object codebase="${url}" archive="${url}"></object>`,
  },
  { name: 'embed src', html: `<embed src="${url}">` },
  { name: 'iframe src', html: `<iframe src="${url}"></iframe>` },
  { name: 'blockquote cite', html: `<blockquote cite="${url}">Ana</blockquote>` },
  { name: 'img longdesc', html: `<img src="${png}" longdesc="${url}">` },
  { name: 'img lowsrc', html: `<img src="${png}" lowsrc="${url}">` },
  { name: 'img dynsrc', html: `<img src="${png}" dynsrc="${url}">` },
  { name: 'html manifest', html: `<html manifest="${url}"><body>Ana</body></html>` },
  { name: 'head profile', html: `<head profile="${url}"></head><div>Ana</div>` },
  {
    name: 'usemap to an area',
    html: `<img src="${png}" usemap="#m"><map name="m"><area shape="rect" coords="0,0,9,9" href="${url}"></map>`,
  },
  { name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=${url}">` },
  { name: 'base href', html: `<base href="https://rastreio.exemplo/"><img src="p.gif">` },
  // Schemes
  { name: 'protocol-relative //host', html: '<img src="//rastreio.exemplo/p.gif">' },
  { name: 'http:', html: '<img src="http://rastreio.exemplo/p.gif">' },
  { name: 'ftp:', html: '<img src="ftp://rastreio.exemplo/p.gif">' },
  { name: 'javascript:', html: '<img src="javascript:fetch(\'//rastreio.exemplo\')">' },
  { name: 'blob:', html: '<img src="blob:https://rastreio.exemplo/0000">' },
  { name: 'file:', html: '<img src="file:///rastreio.exemplo/p.gif">' },
  { name: 'a relative path', html: '<img src="rastreio.exemplo.gif">' },
  { name: 'data: of another type', html: '<img src="data:text/html,<b>rastreio</b>">' },
  { name: 'src spelled with entities', html: '<img src="&#104;ttps://rastreio.exemplo/p.gif">' },
  { name: 'an SVG image with a script', html: `<img src="${scriptSvg}">`, probe: scriptSvg },
  {
    name: 'an SVG image that loads another',
    html: `<img src="${externalSvg}">`,
    probe: externalSvg,
  },
  // CSS
  { name: 'background url()', html: `<div style="background:url(${url})">Ana</div>` },
  {
    name: 'background-image, quoted',
    html: `<div style="background-image:url('${url}')">Ana</div>`,
  },
  { name: 'URL() in capitals', html: `<div style="BACKGROUND:URL(&quot;${url}&quot;)">Ana</div>` },
  { name: 'url() with spaces inside', html: `<div style="background:url(  ${url}  )">Ana</div>` },
  { name: 'list-style', html: `<ul style="list-style:url(${url})"><li>Ana</li></ul>` },
  { name: 'border-image', html: `<div style="border-image:url(${url}) 30 round">Ana</div>` },
  { name: 'mask', html: `<div style="mask:url(${url});-webkit-mask-image:url(${url})">Ana</div>` },
  { name: 'cursor', html: `<div style="cursor:url(${url}),auto">Ana</div>` },
  { name: 'content', html: `<div style="content:url(${url})">Ana</div>` },
  { name: 'filter', html: `<div style="filter:url(${url}#f)">Ana</div>` },
  { name: 'image-set()', html: `<div style="background-image:image-set('${url}' 1x)">Ana</div>` },
  {
    name: '-webkit-image-set()',
    html: `<div style="background-image:-webkit-image-set('${url}' 1x)">Ana</div>`,
  },
  {
    name: 'cross-fade()',
    html: `<div style="background:cross-fade(url(${png}), '${url}')">Ana</div>`,
  },
  { name: 'a CSS escape in url', html: `<div style="background:u\\72l(${url})">Ana</div>` },
  {
    name: 'a hex escape with its space',
    html: `<div style="background:\\75 rl(${url})">Ana</div>`,
  },
  { name: 'a comment inside url', html: `<div style="background:ur/**/l(${url})">Ana</div>` },
  { name: 'an entity inside url', html: `<div style="background:u&#114;l(${url})">Ana</div>` },
  { name: 'a custom property', html: `<div style="--x:url(${url});background:var(--x)">Ana</div>` },
  { name: 'expression()', html: `<div style="width:expression(fetch('${url}'))">Ana</div>` },
  { name: '-moz-binding', html: `<div style="-moz-binding:url(${url}#x)">Ana</div>` },
  { name: 'behavior', html: `<div style="behavior:url(${url})">Ana</div>` },
  { name: '@import in a style element', html: `<style>@import '${url}';</style><div>Ana</div>` },
  {
    name: '@font-face src in a style element',
    html: `<style>@font-face{font-family:x;src:url(${url})}</style><div>Ana</div>`,
  },
]

/** Layouts a card may hold, each exactly as the filters keep it. */
export const inlineMarkup: { name: string; html: string }[] = [
  { name: 'a data: PNG', html: `<img src="${png}" alt="Foto">` },
  {
    name: 'plain inline styles',
    html: '<div style="background:linear-gradient(135deg,#0b4fa8 0%,#2f7ae5 100%);color:#fff;aspect-ratio:1.586;border-radius:4.5%/7.1%"><b>Ana</b> <i>ATIVO</i></div>',
  },
  {
    name: 'a data: PNG in a background',
    html: `<div style="background-image:url('${png}');background-size:cover">Ana</div>`,
  },
  {
    name: 'an SVG image with nothing active',
    html: `<img src="${svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>x</title><circle r="4" fill="#0b4fa8"/></svg>')}" alt="">`,
  },
  {
    name: 'a table with text',
    html: '<table style="width:100%"><tbody><tr><th>Nome</th><td colspan="2">Ana &amp; Pedro</td></tr></tbody></table>',
  },
]
