import { useSearchParams } from 'wouter'
import type { Tunnel } from '../../contract/tunnels'
import '../../ui/console-texts'
import { RecordPending } from '../../ui/record/record-pending'
import { useRecord } from '../../ui/record/use-record'
import { useT } from '../../ui/use-t'
import { TunnelRequests } from './tunnel-requests'
import { TunnelSummary } from './tunnel-summary'
import { tunnelsApi } from './tunnels-api'
import s from './tunnel-screen.module.css'
import './texts'

/**
 * One tunnel, kept live: a change to it (its device's link coming or going turns it up or down, as
 * an edit does) reads it again.
 */
const useTunnel = (id: string) =>
  useRecord<Tunnel>(id, tunnelsApi.get, {
    keptAs: 'tunnel',
    reloadOn: (event) => event.type === 'change' && event.data.collection === 'tunnels' && event.data.id === id,
  })

/** `/app/tunnels/details?id=`: one tunnel, how to reach it, and the requests that went through it, live. */
export default function TunnelScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return <TunnelView key={id} id={id} />
}

function TunnelView({ id }: { id: string }) {
  const t = useT()
  const { state, reload } = useTunnel(id)
  if (state.status !== 'ready') {
    const texts = { loading: t('tunnels.detail.loading'), notFound: t('tunnels.detail.notFound'), back: t('tunnels.detail.back') }
    return <RecordPending state={state} reload={reload} texts={texts} backHref="/tunnels" />
  }
  const { record: tunnel } = state
  return (
    <div className={s.detail}>
      <TunnelSummary tunnel={tunnel} loadedAt={state.loadedAt} />
      <TunnelRequests tunnelId={tunnel.id} protocol={tunnel.protocol} />
    </div>
  )
}
