import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../ui/button'
import styles from './verify.module.css'

export const cameraError = 'Erro ao acessar a câmera'

type Detect = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>

type BarcodeDetectorLike = {
  detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>>
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike

/** The browser's BarcodeDetector where it exists; else jsQR, loaded only when needed. */
async function createDetector(): Promise<Detect> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null
  }
  const { default: jsQR } = await import('jsqr')
  return async (video, canvas) => {
    const { videoWidth: width, videoHeight: height } = video
    if (!width || !height) return null
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) return null
    context.drawImage(video, 0, 0, width, height)
    return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null
  }
}

/** Reads a QR code from the camera and hands its text over once. */
export function QrScanner({ onRead }: { onRead: (text: string) => void }) {
  const [scanning, setScanning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const video = useRef<HTMLVideoElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const onReadRef = useRef(onRead)
  onReadRef.current = onRead

  useEffect(() => {
    if (!scanning) return
    let stream: MediaStream | null = null
    let frame = 0
    let stopped = false
    ;(async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        })
        const element = video.current
        if (!element || stopped) return
        element.srcObject = stream
        await element.play()
        const detect = await createDetector()
        const tick = async () => {
          if (stopped || !video.current || !canvas.current) return
          const text = await detect(video.current, canvas.current).catch(() => null)
          if (text) {
            setScanning(false)
            onReadRef.current(text)
            return
          }
          frame = requestAnimationFrame(() => void tick())
        }
        void tick()
      } catch {
        setError(cameraError)
        setScanning(false)
      }
    })()
    return () => {
      stopped = true
      cancelAnimationFrame(frame)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [scanning])

  return (
    <div className={styles.scanner}>
      {scanning ? (
        <>
          <video ref={video} className={styles.video} playsInline muted />
          <canvas ref={canvas} hidden />
          <Button variant="secondary" onClick={() => setScanning(false)}>
            Parar câmera
          </Button>
        </>
      ) : (
        <Button
          block
          onClick={() => {
            setError(null)
            setScanning(true)
          }}
        >
          Ler QR Code com a câmera
        </Button>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
