import texts from '../../../locales/demo-crm-dashboard/en.json'
import { addNamespace } from '../../stores/locale'

// The CRM dashboard's texts travel with it.
addNamespace(texts, (locale) => import(`../../../locales/demo-crm-dashboard/${locale}.json`))
