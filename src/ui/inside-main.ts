import { createContext } from 'react'

/** True inside the app shell's <main>: a screen's error is then a part of it, not a second main. */
export const InsideMain = createContext(false)
