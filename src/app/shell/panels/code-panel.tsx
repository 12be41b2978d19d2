import { useStore } from '@nanostores/react'
import { Suspense, useId, useState, type ComponentType } from 'react'
import { screenOf } from '../../../lib/lazy-screen'
import { $ui, type Mode } from '../../../stores/ui'
import { Icon } from '../../../ui/icons'
import { Spinner } from '../../../ui/spinner'
import { useT } from '../../../ui/use-t'
import type { CodePanelBodyProps } from './code-panel-body'
import s from './code-panel.module.css'

// The sources, their loader and the highlighter arrive on the first open with a stylesheet of their
// own: a part of the screen table (src/app/screens.ts), which the shell does not import.
const codePanelBody = () => screenOf('code-panel') as ComponentType<CodePanelBodyProps> | undefined

/** Show Code / Hide Code: the sources of `component` (a screen key), loaded on the first open. */
export function CodePanel({ component }: { component: string }) {
  const t = useT()
  const id = useId()
  const mode = useStore($ui).type
  const [open, setOpen] = useState(false)
  // The code theme follows the console's mode until the reader picks one.
  const [picked, setPicked] = useState<Mode | null>(null)
  const theme = picked ?? mode
  const Body = open ? codePanelBody() : undefined
  return (
    <section className={s.panel} aria-label={t('code.label')}>
      <div className={s.bar}>
        <button
          type="button"
          className={s.toggle}
          aria-expanded={open}
          aria-controls={`${id}-code`}
          onClick={() => setOpen(!open)}
        >
          <Icon name="code" />
          {open ? t('code.hide') : t('code.show')}
        </button>
        {open && (
          <button
            type="button"
            className={s.theme}
            aria-pressed={theme === 'dark'}
            onClick={() => setPicked(theme === 'dark' ? 'light' : 'dark')}
          >
            <Icon name={theme === 'dark' ? 'moon' : 'sun'} size={18} />
            {t('code.darkTheme')}
          </button>
        )}
      </div>
      <div id={`${id}-code`} hidden={!open}>
        {Body && (
          <Suspense fallback={<Spinner label={t('code.loading')} />}>
            <Body component={component} theme={theme} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
