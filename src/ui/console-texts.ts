import texts from '../../locales/console/en.json'
import { addNamespace } from '../stores/locale'

// The signed-in area's texts (menu, titles, screens) travel with its code, not with the public
// pages; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../locales/console/${locale}.json`))
