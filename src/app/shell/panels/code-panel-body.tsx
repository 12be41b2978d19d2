import { clsx } from 'clsx'
import { useEffect, useState, type ComponentType } from 'react'
import type { Result } from '../../../api/client'
import { messageText } from '../../../lib/i18n'
import type { Mode } from '../../../stores/ui'
import { Banner } from '../../../ui/banner'
import { Spinner } from '../../../ui/spinner'
import { useT } from '../../../ui/use-t'
import s from './code-panel-body.module.css'
import { tokenize } from './highlight'
import { keptDocs, loadDocs, type DocRecord } from './load-docs'

/** Source code as React text and spans: whatever it holds is shown, never parsed as HTML. */
function Code({ source }: { source: string }) {
  return (
    <pre className={s.code} tabIndex={0}>
      <code>
        {tokenize(source).map((token, index) =>
          token.type === 'text' ? (
            token.text
          ) : (
            <span key={index} className={s[token.type]}>
              {token.text}
            </span>
          ),
        )}
      </code>
    </pre>
  )
}

export interface CodePanelBodyProps {
  /** The screen key whose sources it shows. */
  component: string
  /** The code theme the panel's bar chose. */
  theme: Mode
}

/** The loaded sources of `component`, each under its file name, in the code theme `theme`. */
export function CodePanelBody({ component, theme }: CodePanelBodyProps) {
  const t = useT()
  const [answer, setAnswer] = useState<Result<DocRecord[]> | null>(() => keptDocs(component) ?? null)
  useEffect(() => {
    let live = true
    setAnswer(keptDocs(component) ?? null)
    void loadDocs(component).then((result) => {
      if (live) setAnswer(result)
    })
    return () => {
      live = false
    }
  }, [component])

  if (!answer) return <Spinner label={t('code.loading')} />
  if (!answer.ok) {
    return (
      <Banner variant="error" className={s.error}>
        {messageText(answer.message)}
      </Banner>
    )
  }
  return (
    <div className={clsx(s.files, s[theme])}>
      {answer.data.map((record) => (
        <figure key={record.name} className={s.file}>
          <figcaption className={s.name}>{record.name}</figcaption>
          <Code source={record.source} />
        </figure>
      ))}
    </div>
  )
}

// The screen table (src/app/screens.ts) loads it by its default export, typed there as taking no
// props; Show Code's bar passes CodePanelBody's.
export default CodePanelBody as unknown as ComponentType
