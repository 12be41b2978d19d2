import texts from '../../../locales/dashboards/en.json'
import { addNamespace } from '../../stores/locale'

// The dashboards' texts travel with the charts they label; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/dashboards/${locale}.json`))
