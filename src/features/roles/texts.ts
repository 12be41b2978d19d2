import texts from '../../../locales/roles/en.json'
import { addNamespace } from '../../stores/locale'

// The roles screens' texts (what each right opens, the preview sentences) travel with their code.
addNamespace(texts, (locale) => import(`../../../locales/roles/${locale}.json`))
