/** Base of the product API (spec §7; `VITE_API_BASE`, default /socios-api). */
export const apiBase: string = import.meta.env.VITE_API_BASE || '/socios-api'
