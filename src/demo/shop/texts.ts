import texts from '../../../locales/demo-shop/en.json'
import { addNamespace } from '../../stores/locale'

// The texts the products and checkout pages share: the cart's and the quantity stepper's.
addNamespace(texts, (locale) => import(`../../../locales/demo-shop/${locale}.json`))
