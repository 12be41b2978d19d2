import { readersOf, type Right } from '../contract/rights'
import { t } from '../lib/i18n'
import { $locale, setLocale } from '../stores/locale'
import { notify } from '../stores/notices'
import '../ui/console-texts'
import { titleOf } from './route-table'

/** "Tunnels needs the Tunnels right, which you do not hold, so Home opened instead", in the reader's language. */
export async function tellRefused(path: string, right: Right): Promise<void> {
  // The console's own texts of another language may still be on their way: this waits for them.
  const locale = $locale.get()
  if (locale !== 'en') await setLocale(locale).catch(() => undefined)
  const rights = readersOf(right).map((reader) => t(`menu.${reader}`)).join(t('session.rightsOr'))
  notify('warning', t('guard.refused', { screen: titleOf(path.replace(/\/details$/, ''), t), right: rights }))
}
