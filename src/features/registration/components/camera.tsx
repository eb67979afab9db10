import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../ui/button'
import { Modal } from '../../../ui/dialog'
import { CameraIcon } from '../../../ui/icons'
import { toast, toastDuration } from '../../../ui/toast'
import { captureFrame } from '../logic/photo'
import styles from './camera.module.css'

export const cameraError = 'Erro ao acessar a câmera'

/** 'FOTO': takes the registration photo with the device camera (spec §2 screen 9). */
export function CameraButton({ onCapture }: { onCapture: (dataUrl: string) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CameraIcon />
        FOTO
      </Button>
      {open && (
        <CameraDialog
          onClose={() => setOpen(false)}
          onCapture={(photo) => {
            onCapture(photo)
            setOpen(false)
          }}
        />
      )}
    </>
  )
}

function CameraDialog({
  onClose,
  onCapture,
}: {
  onClose: () => void
  onCapture: (photo: string) => void
}) {
  const video = useRef<HTMLVideoElement>(null)
  const [ready, setReady] = useState(false)

  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    let stream: MediaStream | null = null
    let cancelled = false
    const fail = () => {
      toast.error(cameraError, { duration: toastDuration.error })
      close.current()
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      fail()
      return
    }
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      })
      .then(async (media) => {
        stream = media
        if (cancelled || !video.current) return
        video.current.srcObject = media
        await video.current.play()
        setReady(true)
      })
      .catch(fail)
    return () => {
      cancelled = true
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])

  return (
    // A real modal: focus inside, Escape closes, Tab stays in, drawn over the bottom navigation;
    // closing gives the focus back to FOTO.
    <Modal label="Tirar foto" onClose={onClose} className={styles.overlay}>
      <video ref={video} className={styles.video} playsInline muted aria-label="Câmera" />
      <div className={styles.actions}>
        <Button variant="secondary" data-autofocus onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={!ready}
          onClick={() => video.current && onCapture(captureFrame(video.current))}
        >
          Capturar
        </Button>
      </div>
    </Modal>
  )
}
