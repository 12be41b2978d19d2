// The devices kit: what the devices list, a device's page and the other screens that show a
// device's status share (its reads, its values and status badge, the devices texts). Each lazy
// entry that uses any of it names it (build.mjs), so it travels as one file instead of four.
import '../../features/devices/devices-api'
import '../../features/devices/device-status'
import '../../features/devices/device-values'
import '../../ui/device-texts'
