// The lists kit: the list and record kits and the forms kit, which every signed-in screen but
// home and the dashboards uses. The shell, home and the dashboards do not name it, so the first
// screen after sign-in loads none of it; the other screens and their lazy parts name it, so it
// travels as one file. See src/app/kits/core.ts.
import './forms'
import '../../contract/collections'
import '../../features/list-defaults'
import '../../ui/checkbox-group'
import '../../ui/lazy-part'
import '../../ui/list/list-pages'
import '../../ui/list/list-search'
import '../../ui/list/list-url'
import '../../ui/list/list-view'
import '../../ui/list/use-collection-list'
import '../../ui/record/confirm-dialog'
import '../../ui/record/conflict-dialog'
import '../../ui/record/dialog-sections'
import '../../ui/record/record-dialog'
import '../../ui/record/use-record-save'
import '../../ui/select'
