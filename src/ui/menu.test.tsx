import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Menu } from './menu'

describe('an overflow menu item with a tag', () => {
  it('shows the tag, reads it as the description, and stays disabled', () => {
    const onSelect = vi.fn()
    render(
      <Menu
        label="Mais opções"
        items={[
          { label: 'Baixar Contrato', onSelect },
          { label: 'Convite', disabled: true, note: 'Em breve', onSelect },
        ]}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Mais opções' }))
    const item = screen.getByRole('menuitem', { name: 'Convite' })
    expect(item.getAttribute('aria-disabled')).toBe('true')
    expect(item.textContent).toBe('Convite')
    const note = document.getElementById(item.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toBe('Em breve')
    fireEvent.click(item)
    expect(onSelect).not.toHaveBeenCalled()
    // An item with no tag has no description.
    expect(
      screen.getByRole('menuitem', { name: 'Baixar Contrato' }).hasAttribute('aria-describedby'),
    ).toBe(false)
  })
})
