import { scene } from './pictures'
import { createTimeline, type Post } from './posts'

/** The made-up person who uses the demo: the profile page is hers, and so are new posts and comments. */
export const ME = {
  name: 'Mira Okafor',
  title: 'Head of field operations',
  email: 'mira.okafor@example.com',
  phone: '+49 30 5550 1842',
  location: 'Berlin, Germany',
  joined: '2019-03-04',
  about:
    'Mira keeps three hundred edge gateways, cameras and kiosks running across twelve sites. She likes a clean rack, a quiet pager and a good map of where every device lives.',
}

/** The timeline's made-up posts, newest first. */
export const POSTS: readonly Post[] = [
  {
    id: 'p1',
    author: 'Amara Nwosu',
    avatar: '',
    date: '2024-05-14T09:12:00Z',
    text: 'The new mast at the Lagos depot is up. Signal on the far yard went from one bar to four.',
    images: [
      { src: scene({ hue: 200, sun: 0.2, mast: true }), alt: 'A radio mast on a green hill under a blue sky' },
      { src: scene({ hue: 20, sun: 0.8, mast: true }), alt: 'The same mast at sunset' },
    ],
    likes: 12,
    liked: false,
    comments: [
      { id: 'c1', author: 'Jonas Weber', date: '2024-05-14T09:40:00Z', message: 'Great work! Which antennas did you pick?' },
      { id: 'c2', author: 'Amara Nwosu', date: '2024-05-14T10:02:00Z', message: 'The dual-band ones from the spring order.' },
    ],
  },
  {
    id: 'p2',
    author: ME.name,
    avatar: '',
    date: '2024-05-13T16:30:00Z',
    text: 'Firmware 4.2 reached every kiosk in Berlin overnight. Zero rollbacks. Thanks to everyone on the late shift!',
    images: [],
    likes: 27,
    liked: true,
    comments: [{ id: 'c3', author: 'Mei Chen', date: '2024-05-13T17:05:00Z', message: 'Happy to hear it. Madrid is next.' }],
  },
  {
    id: 'p3',
    author: 'Lina Hartono',
    avatar: '',
    date: '2024-05-12T07:45:00Z',
    text: 'Morning view from the Jakarta rooftop before the sensor check.',
    images: [{ src: scene({ hue: 30, sun: 0.5 }), alt: 'Hills at sunrise under an orange sky' }],
    likes: 8,
    liked: false,
    comments: [],
  },
  {
    id: 'p4',
    author: ME.name,
    avatar: '',
    date: '2024-05-10T12:00:00Z',
    text: 'Site survey in the valley: a good place for a relay.',
    images: [{ src: scene({ hue: 170, sun: 0.65, mast: true }), alt: 'A mast in a green valley' }],
    likes: 5,
    liked: false,
    comments: [],
  },
]

/** The demo pages' timeline: shared by the timeline and the profile, it lives as long as the tab. */
export const timeline = createTimeline(POSTS)
