import { useLocation } from 'wouter'
import { appRouteFor, titleOf } from '../../app/route-table'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import s from './section-screen.module.css'

/** A real area of the console: its title, what it holds, and the right that opens it. */
export default function SectionScreen() {
  const t = useT()
  const [location] = useLocation()
  const route = appRouteFor(location)
  const segment = location.split('/').filter(Boolean).pop() ?? ''
  return (
    <section className={s.section} aria-label={titleOf(location, t)}>
      <p className={s.intro}>{t(`sections.${segment === 'details' ? 'details' : (route.right ?? segment)}`)}</p>
      {route.right && <p className={s.right}>{t('sections.rightNeeded', { right: t(`menu.${route.right}`) })}</p>}
    </section>
  )
}
