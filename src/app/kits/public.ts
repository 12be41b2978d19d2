// The public kit: what the pages before sign-in share (sign-in, register, reset, terms, the
// invitation, the landing and error pages). See src/app/kits/core.ts.
import './forms'
import '../../features/auth/session-message'
import '../../ui/auth-texts'
import '../../stores/sign-in'
import '../../ui/auth-layout'
import '../../ui/use-hydrated'
