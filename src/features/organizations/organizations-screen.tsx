import SectionScreen from '../sections/section-screen'

// Replaced by the screen under construction.
export default SectionScreen
