// The records kit: the forms kit and the record kit (the record dialog, its save with the conflict
// dialog, the checkbox group), which a record's form, a detail screen, the bulk bar and a saved
// view's dialog use. A list screen draws without it and loads it on first use (opening a form);
// the parts that need it name it, so it travels as one file. See src/app/kits/core.ts.
import './forms'
import '../../ui/checkbox-group'
import '../../ui/record/conflict-dialog'
import '../../ui/record/record-dialog'
import '../../ui/record/use-record-save'
