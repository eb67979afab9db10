import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { IconButton } from './button'
import { MoreIcon } from './icons'
import styles from './menu.module.css'

export type MenuItem = {
  label: string
  icon?: ReactNode
  onSelect?: () => void
  disabled?: boolean
  /**
   * A short tag at the row's end, "Em breve": shown, and read as the item's description, so
   * its name stays its label.
   */
  note?: string
}

/** Which item gets the focus when the menu opens: the first or the last. */
type OpenAt = 'first' | 'last'

/**
 * An overflow menu (⋮) following the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open
 * it on the first item, ArrowUp on the last; ArrowUp/Down move (wrapping), Home/End jump; Escape
 * closes and gives the focus back to the button; Tab, a click outside or the focus leaving close
 * it. Disabled items stay focusable (aria-disabled), so a screen reader hears they exist.
 */
export function Menu({
  items,
  label = 'Menu',
  text,
  triggerClassName,
  opens = 'down',
}: {
  items: MenuItem[]
  label?: string
  /**
   * Words shown beside the ⋮ when the button is one of a row of labelled actions ("Mais"): the
   * accessible name stays `label`, which starts with them.
   */
  text?: string
  triggerClassName?: string
  /** 'up' for a button at a page's foot: the list opens over it, clear of a bottom bar. */
  opens?: 'down' | 'up'
}) {
  const [openAt, setOpenAt] = useState<OpenAt | null>(null)
  const open = openAt !== null
  const root = useRef<HTMLDivElement>(null)
  const listId = useId()
  const withIcons = items.some((item) => item.icon)

  const button = () => root.current?.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')

  function close(returnFocus: boolean) {
    setOpenAt(null)
    if (returnFocus) button()?.focus()
  }

  useEffect(() => {
    const element = root.current
    if (!openAt || !element) return
    const closeOnOutside = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) setOpenAt(null)
    }
    // The focus left the menu and its button (Tab, a click elsewhere, another window): close.
    const closeOnFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setOpenAt(null)
    }
    document.addEventListener('pointerdown', closeOnOutside)
    element.addEventListener('focusout', closeOnFocusOut)
    const all = menuItems(element)
    ;(openAt === 'first' ? all[0] : all.at(-1))?.focus()
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside)
      element.removeEventListener('focusout', closeOnFocusOut)
    }
  }, [openAt])

  function onButtonKeyDown(event: KeyboardEvent) {
    // Enter and Space click the button, which opens the menu on its first item.
    const at: OpenAt | null =
      event.key === 'ArrowDown' ? 'first' : event.key === 'ArrowUp' ? 'last' : null
    if (!at) return
    event.preventDefault()
    setOpenAt(at)
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const all = root.current ? menuItems(root.current) : []
    const index = all.indexOf(document.activeElement as HTMLButtonElement)
    const target: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }
    if (event.key in target) {
      event.preventDefault()
      all[target[event.key] ?? 0]?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') {
      // The focus goes on to the next thing on the page, as Tab does; the menu just closes.
      close(false)
    }
  }

  // The menu button's part of the pattern, whichever way it is drawn.
  const trigger = {
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? listId : undefined,
    onClick: () => setOpenAt(open ? null : 'first'),
    onKeyDown: onButtonKeyDown,
  } as const

  return (
    <div className={styles.root} ref={root}>
      {text ? (
        <button type="button" className={triggerClassName} aria-label={label} {...trigger}>
          <MoreIcon size={20} />
          {text}
        </button>
      ) : (
        <IconButton label={label} {...trigger}>
          <MoreIcon />
        </IconButton>
      )}
      {open && (
        <div
          className={opens === 'up' ? `${styles.list} ${styles.up}` : styles.list}
          role="menu"
          id={listId}
          aria-label={label}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const noteId = item.note ? `${listId}-note-${index}` : undefined
            const button = (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={styles.item}
                aria-disabled={item.disabled || undefined}
                aria-describedby={noteId}
                onClick={() => {
                  if (item.disabled) return
                  close(true)
                  item.onSelect?.()
                }}
              >
                {/* One 20 px slot on every row of a menu with icons: the words start in one column. */}
                {withIcons && (
                  <span className={styles.icon} aria-hidden="true">
                    {item.icon}
                  </span>
                )}
                {item.label}
              </button>
            )
            if (!item.note) return button
            // The tag beside the item, not in it: the item's name and text stay its label; the
            // tag is read once, as its description.
            return (
              <div key={item.label} role="none" className={styles.noted}>
                {button}
                <span id={noteId} className={styles.note} aria-hidden="true">
                  {item.note}
                </span>
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}

const menuItems = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'),
]
