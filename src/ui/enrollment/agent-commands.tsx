import { useId, useRef, useState } from 'react'
import { Button } from '../button'
import { Icon } from '../icons'
import { copyText } from '../record/secret-dialog'
import { useT } from '../use-t'
import { agentCommandLines, type AgentCommandOptions } from './agent-command-lines'
import s from './enrollment.module.css'
import './texts'

/** One command in a box that wraps, with its own copy button and what the copy did. */
function CommandBox({ label, hint, command }: { label: string; hint: string; command: string }) {
  const t = useT()
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  return (
    <div className={s.command}>
      <label htmlFor={id} className={s.commandLabel}>
        {label}
      </label>
      <p id={`${id}-hint`} className={s.hint}>
        {hint}
      </p>
      <div className={s.commandRow}>
        <textarea
          ref={field}
          id={id}
          className={s.commandText}
          readOnly
          rows={3}
          value={command}
          spellCheck={false}
          dir="ltr"
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" aria-label={t('enrollment.copyOf', { what: label })} onClick={async () => setCopied((await copyText(command, field.current)) ? 'yes' : 'no')}>
          <Icon name={copied === 'yes' ? 'check' : 'copy'} size={18} />
          {copied === 'yes' ? t('enrollment.copied') : t('enrollment.copy')}
        </Button>
      </div>
      <p role="status" className={s.hint}>
        {copied === 'no' ? t('enrollment.copyFailed') : ''}
      </p>
    </div>
  )
}

/**
 * The commands that connect a device, the key filled in: one for Linux with Node 18 or later, one
 * for plain `sh` and curl; each copies alone. The systemd unit keeps the Node agent running.
 */
export function AgentCommands(props: AgentCommandOptions) {
  const t = useT()
  const lines = agentCommandLines(props)
  const origin = props.origin.replace(/\/+$/, '')
  return (
    <div className={s.commands}>
      <CommandBox label={t('enrollment.nodeCommand')} hint={t('enrollment.nodeHint')} command={lines.node} />
      <CommandBox label={t('enrollment.shCommand')} hint={t('enrollment.shHint')} command={lines.sh} />
      <p className={s.hint}>
        {t('enrollment.serviceHint')}{' '}
        <a href={`${origin}/agent.service`} target="_blank" rel="noopener">
          {t('enrollment.serviceLink')}
          <span className="visually-hidden"> {t('enrollment.newTab')}</span>
        </a>
      </p>
    </div>
  )
}
