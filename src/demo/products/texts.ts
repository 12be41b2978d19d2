import texts from '../../../locales/demo-products/en.json'
import { addNamespace } from '../../stores/locale'

// The products page's texts travel with it: no other screen carries them.
addNamespace(texts, (locale) => import(`../../../locales/demo-products/${locale}.json`))
