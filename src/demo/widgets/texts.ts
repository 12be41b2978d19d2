import texts from '../../../locales/demo-widgets/en.json'
import { addNamespace } from '../../stores/locale'

// The widgets page's texts travel with it.
addNamespace(texts, (locale) => import(`../../../locales/demo-widgets/${locale}.json`))
