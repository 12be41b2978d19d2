import texts from '../../../locales/demo-article/en.json'
import { addNamespace } from '../../stores/locale'

// The article's texts travel with it, not in the main locale file of the public pages.
addNamespace(texts, (locale) => import(`../../../locales/demo-article/${locale}.json`))
