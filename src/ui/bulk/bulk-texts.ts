import texts from '../../../locales/bulk/en.json'
import { addNamespace } from '../../stores/locale'

// The bulk bar's, dialogs' and results' texts load with their code, when a row is first ticked.
addNamespace(texts, (locale) => import(`../../../locales/bulk/${locale}.json`))
