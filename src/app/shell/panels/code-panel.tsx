import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { lazy, Suspense, useId, useState } from 'react'
import { $ui, type Mode } from '../../../stores/ui'
import { Icon } from '../../../ui/icons'
import { Spinner } from '../../../ui/spinner'
import { useT } from '../../../ui/use-t'
import s from './code-panel.module.css'

// The body, its loader and the highlighter arrive on the first open.
const CodePanelBody = lazy(() => import('./code-panel-body'))

/** Show Code / Hide Code: the sources of `component` (a screen key), loaded on the first open. */
export function CodePanel({ component }: { component: string }) {
  const t = useT()
  const id = useId()
  const mode = useStore($ui).type
  const [open, setOpen] = useState(false)
  // The code theme follows the console's mode until the reader picks one.
  const [picked, setPicked] = useState<Mode | null>(null)
  const theme = picked ?? mode
  return (
    <section className={clsx(s.panel, s[theme])} aria-label={t('code.label')}>
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
        {open && (
          <Suspense fallback={<Spinner label={t('code.loading')} />}>
            <CodePanelBody component={component} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
