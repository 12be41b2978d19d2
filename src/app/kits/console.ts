// The console kit: what the shell, home and the dashboards share with every signed-in screen
// (menus, icons, dialogs, the live stream and its status, kept answers, the age of an answer).
// Every signed-in screen and lazy part names it, so it travels as one file. See
// src/app/kits/core.ts.
import '../menu'
import '../shell/constants'
// The small screen's drawer's styles: its code loads after the first paint (src/app/shell/shell.tsx).
import '../shell/drawer.module.css'
import '../shell/header/header.module.css'
import '../shell/menu-tree'
import '../shell/nav-rules'
import '../shell/presence-menu'
import '../shell/sidebar'
import '../shell/use-shell'
import '../../api/collection'
import '../../api/list-params'
import '../../lib/kept-answers'
import '../../lib/plural'
import '../../stores/kept'
import '../../stores/live'
import '../../stores/notices'
import '../../stores/outbox-entries'
import '../../stores/sign-out'
import '../../ui/age'
import '../../ui/avatar'
import '../../ui/badge'
import '../../ui/console-texts'
import '../../ui/dialog'
// The open dialog's styles: its code loads after the first paint (src/ui/dialog.tsx), its styles with the shell's.
import '../../ui/dialog.module.css'
import '../../ui/dropdown'
import '../../ui/icons'
import '../../ui/live-status'
import '../../ui/toggle-group'
