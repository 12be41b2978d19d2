import texts from '../../../locales/profile/en.json'
import { addNamespace } from '../../stores/locale'

// The profile screen's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/profile/${locale}.json`))
