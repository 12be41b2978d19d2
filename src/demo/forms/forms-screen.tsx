import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import '../texts'
import { LockCard, RegisterCard, SignInCard } from './auth-forms'
import { DropZone } from './drop-zone'
import s from './forms-screen.module.css'
import { ResetCodeCard } from './reset-code-form'
import './texts'
import { WhenCard } from './when-form'

/** The demo forms page: the template's forms with their rules, masked fields and a drop zone. */
export default function FormsScreen() {
  const t = useT()
  return (
    <div className={s.page}>
      <p className={card.muted}>{t('demo-forms.intro')}</p>
      <div className={s.grid}>
        <SignInCard />
        <RegisterCard />
        <ResetCodeCard />
        <LockCard />
        <WhenCard />
        <DropZone />
      </div>
    </div>
  )
}
