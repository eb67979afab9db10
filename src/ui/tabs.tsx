import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import styles from './tabs.module.css'

/** hint: a short line under the label (a payment method's offer, for instance). */
export type TabItem<K extends string> = {
  key: K
  label: string
  hint?: string | null
  /** A hint that costs (an increase), not an offer: said in the text's colour, not green. */
  hintCosts?: boolean
}

type Props<K extends string> = {
  label: string
  tabs: ReadonlyArray<TabItem<K>>
  selected: K
  onSelect: (key: K) => void
  children: ReactNode
}

/**
 * Tabs following the WAI-ARIA pattern (automatic activation): one tab in the Tab order (roving
 * tabindex), ArrowLeft/Right move and wrap, Home/End jump to the ends; one panel shows.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: Props<K>) {
  const id = useId()
  const list = useRef<HTMLDivElement>(null)

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.key === selected)
    const target: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }
    const nextIndex = target[event.key]
    if (nextIndex === undefined) return
    event.preventDefault()
    const next = tabs[nextIndex]
    if (!next) return
    onSelect(next.key)
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-${next.key}`)}`)?.focus()
  }

  const hinted = tabs.some((tab) => tab.hint)
  return (
    <>
      <div className={styles.strip}>
        <div
          className={`${styles.tablist} ${hinted ? styles.hinted : ''}`}
          role="tablist"
          aria-label={label}
          ref={list}
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab) => (
            <button
              key={tab.key}
              id={`${id}-${tab.key}`}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={tab.key === selected}
              aria-controls={`${id}-panel`}
              tabIndex={tab.key === selected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
              {tab.hint && (
                <span className={`${styles.hint} ${tab.hintCosts ? styles.hintCosts : ''}`}>
                  {tab.hint}
                </span>
              )}
            </button>
          ))}
        </div>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${selected}`}>
        {children}
      </div>
    </>
  )
}
