import texts from '../../../locales/home/en.json'
import { addNamespace } from '../../stores/locale'

// The home tiles' texts travel with them, loaded after the page shows.
addNamespace(texts, (locale) => import(`../../../locales/home/${locale}.json`))
