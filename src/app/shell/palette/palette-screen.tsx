import { useEffect } from 'react'
import { $palette } from '../../../stores/ui'
import { Palette } from './palette'

const close = () => $palette.set(false)

/** The command palette as the shell opens it (Ctrl+K): it closes through the shared flag. */
export default function PaletteScreen() {
  // Gone with the shell (signed out while open), it is closed when the shell comes back.
  useEffect(() => close, [])
  return <Palette onClose={close} />
}
