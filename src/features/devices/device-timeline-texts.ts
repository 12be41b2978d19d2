import texts from '../../../locales/device-timeline/en.json'
import { addNamespace } from '../../stores/locale'

// The device page's status timeline brings its own texts: the devices' kit stays without them.
addNamespace(texts, (locale) => import(`../../../locales/device-timeline/${locale}.json`))
