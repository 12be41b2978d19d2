import { useStore } from '@nanostores/react'
import { useEffect, type ComponentType } from 'react'
import { loadScreenStyles } from '../../../lib/screen-styles'
import { Dialog } from '../../../ui/dialog'
import { useT } from '../../../ui/use-t'
import { MODE_CHOICES } from '../../../stores/color-mode'
import { $ui, DIRECTIONS, LAYOUTS, setDirection, setLayout, setModeChoice, setTheme, THEMES } from '../../../stores/ui'
import { ChoiceGroup } from '../../../ui/choice-group'
import s from './settings-drawer.module.css'
import './settings-texts'

/** The settings drawer is 360 px wide. */
export const SETTINGS_DRAWER_WIDTH = 360

/** The settings drawer: theme colour, layout, light or dark (or the system's), ltr or rtl; each change applies at once. */
export function SettingsDrawer({ onClose }: { onClose: () => void }) {
  // The swatches' colours live with the palettes, which load on demand.
  useEffect(() => void loadScreenStyles('palettes'), [])
  const t = useT()
  const ui = useStore($ui)
  return (
    <Dialog
      open
      variant="drawer"
      width={SETTINGS_DRAWER_WIDTH}
      onClose={onClose}
      title={t('settings.title')}
      closeLabel={t('settings.close')}
    >
      <div className={s.body}>
        <ChoiceGroup
          legend={t('settings.theme')}
          name="theme"
          tiles
          value={ui.theme}
          onChange={setTheme}
          choices={THEMES.map((theme) => ({
            value: theme,
            label: t(`settings.themes.${theme}`),
            // Each palette's own colour, from `--swatch-<theme>` in styles/palettes.css.
            mark: <span className={s.swatch} style={{ background: `var(--swatch-${theme})` }} aria-hidden="true" />,
          }))}
        />
        <ChoiceGroup
          legend={t('settings.layout')}
          name="layout"
          value={ui.layout}
          onChange={setLayout}
          choices={LAYOUTS.map((layout) => ({ value: layout, label: t(`settings.layouts.${layout}`) }))}
        />
        <ChoiceGroup
          legend={t('settings.mode')}
          name="mode"
          value={ui.mode}
          onChange={setModeChoice}
          choices={MODE_CHOICES.map((mode) => ({ value: mode, label: t(`settings.modes.${mode}`) }))}
        />
        <ChoiceGroup
          legend={t('settings.direction')}
          name="direction"
          value={ui.direction}
          onChange={setDirection}
          choices={DIRECTIONS.map((direction) => ({ value: direction, label: t(`settings.directions.${direction}`) }))}
        />
      </div>
    </Dialog>
  )
}

// The screen table (src/app/screens.ts) loads it by its default export, typed there as taking no
// props; the shell's panels pass SettingsDrawer's.
export default SettingsDrawer as unknown as ComponentType
