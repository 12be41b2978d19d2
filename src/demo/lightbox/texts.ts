import texts from '../../../locales/demo-lightbox/en.json'
import { addNamespace } from '../../stores/locale'

// The lightbox's texts travel with the demo pages that open it.
addNamespace(texts, (locale) => import(`../../../locales/demo-lightbox/${locale}.json`))
