import { QRCodeSVG } from 'qrcode.react'

/** A Pix BR Code as the payer's bank app scans it: one size and error level on every screen. */
export function PixQr({ code, label }: { code: string; label: string }) {
  return (
    <QRCodeSVG value={code} size={200} level="H" role="img" aria-label={label} marginSize={0} />
  )
}
