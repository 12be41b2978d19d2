import texts from '../../../locales/home/en.json'
import { addNamespace } from '../../stores/locale'

// The home screen's own texts (its greeting, rights and tiles) travel with it.
addNamespace(texts, (locale) => import(`../../../locales/home/${locale}.json`))
