import texts from '../../../locales/billing/en.json'
import { addNamespace } from '../../stores/locale'

// The billing screen's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/billing/${locale}.json`))
