// The lists kit: the list kit, which every signed-in screen but home and the dashboards uses, with
// the confirm dialog of the lists' row actions and a dialog's sections. The shell, home and the
// dashboards do not name it, so the first screen after sign-in loads none of it; the other screens
// and their lazy parts name it, so it travels as one file. A list draws without its forms: they
// name the records kit (src/app/kits/records.ts) and load on first use. A list screen whose own
// code builds structs names the rules kit too (build.mjs). See src/app/kits/core.ts.
import '../../contract/collections'
import '../../ui/list/list-defaults'
import '../../ui/lazy-part'
import '../../ui/list/list-pages'
import '../../ui/list/list-search'
import '../../ui/list/list-url'
import '../../ui/list/list-view'
import '../../ui/list/use-collection-list'
import '../../ui/record/confirm-dialog'
import '../../ui/record/dialog-sections'
import '../../ui/select'
