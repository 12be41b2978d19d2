import texts from '../../../locales/demo-tables/en.json'
import { addNamespace } from '../../stores/locale'

// The texts of the tables page's own tables travel with it; the nutrition table's are the demo pages' shared ones.
addNamespace(texts, (locale) => import(`../../../locales/demo-tables/${locale}.json`))
