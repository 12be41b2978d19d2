import texts from '../../../locales/demo-social/en.json'
import { addNamespace } from '../../stores/locale'

// The posts' texts travel with the timeline and the profile, whichever opens first.
addNamespace(texts, (locale) => import(`../../../locales/demo-social/${locale}.json`))
