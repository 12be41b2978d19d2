import texts from '../../../locales/demo-calendar/en.json'
import { addNamespace } from '../../stores/locale'

// The calendar's texts travel with it: the real console carries none.
addNamespace(texts, (locale) => import(`../../../locales/demo-calendar/${locale}.json`))
