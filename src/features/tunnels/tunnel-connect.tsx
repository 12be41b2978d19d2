import { useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { Tunnel } from '../../contract/tunnels'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { copyText } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import { downReason } from './tunnel-values'
import s from './tunnel-screen.module.css'
import './texts'

/** The local port the commands listen on and ssh reaches. */
export const LOCAL_PORT = 2222

/** The agent's client mode for this tunnel, and the ssh that goes through it. */
export const connectCommands = (tunnelId: string, origin: string) => ({
  agent: `node agent.mjs connect ${tunnelId} --url ${origin} --key <your access key> --listen 127.0.0.1:${LOCAL_PORT}`,
  ssh: `ssh -p ${LOCAL_PORT} <user>@127.0.0.1`,
})

/** One command in a box, with its own copy button and what the copy did. */
function Command({ label, command }: { label: string; command: string }) {
  const t = useT()
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  return (
    <div className={s.command}>
      <label htmlFor={id} className={s.commandLabel}>
        {label}
      </label>
      <div className={s.commandRow}>
        <textarea
          ref={field}
          id={id}
          className={s.commandText}
          readOnly
          rows={2}
          value={command}
          spellCheck={false}
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" aria-label={t('tunnels.detail.copyOf', { what: label })} onClick={async () => setCopied((await copyText(command, field.current)) ? 'yes' : 'no')}>
          <Icon name={copied === 'yes' ? 'check' : 'copy'} size={18} />
          {copied === 'yes' ? t('tunnels.detail.copied') : t('tunnels.detail.copy')}
        </Button>
      </div>
      <p role="status" className={s.hint}>
        {copied === 'no' ? t('tunnels.copyFailed') : ''}
      </p>
    </div>
  )
}

/** A TCP tunnel is reached through the agent run on the operator's own computer: the two commands, to copy. */
export function TunnelConnect({ tunnel }: { tunnel: Tunnel }) {
  const t = useT()
  const commands = connectCommands(tunnel.id, location.origin)
  return (
    <div className={s.reach}>
      <h3 className={s.cardTitle}>{t('tunnels.detail.connectTitle')}</h3>
      {tunnel.status === 'down' && <p className={s.down}>{t(downReason(tunnel))}</p>}
      <Command label={t('tunnels.detail.agentCommand', { port: LOCAL_PORT })} command={commands.agent} />
      <Command label={t('tunnels.detail.sshCommand')} command={commands.ssh} />
      <p className={s.hint}>
        {t('tunnels.detail.keyHint')} <Link href="~/app/access_keys?new=1">{t('tunnels.detail.keyLink')}</Link>
      </p>
    </div>
  )
}
