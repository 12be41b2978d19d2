import texts from '../../../locales/demo-crypto/en.json'
import { addNamespace } from '../../stores/locale'

// The crypto widgets' texts travel with them, for the widgets page and the crypto dashboard alike.
addNamespace(texts, (locale) => import(`../../../locales/demo-crypto/${locale}.json`))
