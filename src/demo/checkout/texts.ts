import texts from '../../../locales/demo-checkout/en.json'
import { addNamespace } from '../../stores/locale'

// The checkout page's texts travel with it: no other screen carries them.
addNamespace(texts, (locale) => import(`../../../locales/demo-checkout/${locale}.json`))
