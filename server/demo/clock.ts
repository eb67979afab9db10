/**
 * Demo mode only: the server's clock, which `POST /dev/clock?date=` moves to another day, so the
 * demo (and a browser journey) can show what happens weeks later: Pix Automático's charge for the
 * next instalment, a reminder, an instalment falling due. Everything the server dates reads it
 * (`deps.now`), the sandbox bank too, since it runs in the same app; time goes on from there.
 */
export interface DemoClock {
  now: () => Date
  /** From now on, it is noon in São Paulo on `day` (AAAA-MM-DD), and time goes on. */
  moveTo: (day: string) => void
}

/** Noon in São Paulo (UTC−3) on a day: the moment a pass "for that day" runs at. */
export const noonInSaoPaulo = (day: string) => new Date(`${day}T15:00:00Z`)

export function demoClock(base: () => Date = () => new Date()): DemoClock {
  let offsetMs = 0
  return {
    now: () => new Date(base().getTime() + offsetMs),
    moveTo: (day) => {
      offsetMs = noonInSaoPaulo(day).getTime() - base().getTime()
    },
  }
}
