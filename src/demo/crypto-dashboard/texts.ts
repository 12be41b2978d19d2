import texts from '../../../locales/demo-crypto-dashboard/en.json'
import { addNamespace } from '../../stores/locale'

// The crypto dashboard's texts travel with it.
addNamespace(texts, (locale) => import(`../../../locales/demo-crypto-dashboard/${locale}.json`))
