import SectionScreen from '../sections/section-screen'

/** Being built: shows the section's description meanwhile. */
export default SectionScreen
