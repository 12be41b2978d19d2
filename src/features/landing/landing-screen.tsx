import { Brand } from '../../ui/brand'

export default function LandingScreen() {
  return <Brand />
}
