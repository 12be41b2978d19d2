import texts from '../../../locales/demo-photo-gallery/en.json'
import { addNamespace } from '../../stores/locale'

// The gallery's texts travel with it: the real console carries none.
addNamespace(texts, (locale) => import(`../../../locales/demo-photo-gallery/${locale}.json`))
