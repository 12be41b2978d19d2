import texts from '../../../locales/users/en.json'
import { addNamespace } from '../../stores/locale'

// The users screens' own texts travel with them; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/users/${locale}.json`))
