// Preloaded with `node --import` before any test module, so React, wouter and Testing Library
// see a DOM when they load.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost:8080/' })
