import { createChat, ME, type ChatContact, type ChatMessage } from './chat'

/** The made-up people of the organization the chat demo talks to. */
export const CONTACTS: readonly ChatContact[] = [
  {
    id: 'amara',
    name: 'Amara Nwosu',
    title: 'Network engineer, Lagos',
    replies: ['On it, I will check the uplink logs.', 'The gateway is back online.', 'Thanks, talk later!'],
  },
  {
    id: 'jonas',
    name: 'Jonas Weber',
    title: 'Field technician, Berlin',
    replies: ['I am on site in twenty minutes.', 'Swapped the power supply, all green.', 'Noted.'],
  },
  {
    id: 'lina',
    name: 'Lina Hartono',
    title: 'Support lead, Jakarta',
    replies: ['A customer asked about that too.', 'I will open a ticket for it.', 'Sounds good.'],
  },
  {
    id: 'diego',
    name: 'Diego Ramírez',
    title: 'Fleet manager, Madrid',
    replies: ['The vans have the new sensors now.', 'Can we move the review to Friday?', 'Great, thanks.'],
  },
  {
    id: 'mei',
    name: 'Mei Chen',
    title: 'Firmware developer, Shenzhen',
    replies: ['Build 4.2 is in the staging channel.', 'The rollback worked on the test rack.', 'Will do.'],
  },
]

const message = (id: string, from: string, text: string, date: string, time: string): ChatMessage => ({ id, from, message: text, date, time })

/** What was said before the page opened. */
export const CONVERSATIONS: Record<string, readonly ChatMessage[]> = {
  amara: [
    message('a1', 'amara', 'Morning! The Lagos edge gateway dropped off twice overnight.', '2024-05-13', '08:12'),
    message('a2', ME, 'Was it the tunnel or the whole device?', '2024-05-13', '08:15'),
    message('a3', 'amara', 'The whole device. Power looks fine, so I suspect the modem.', '2024-05-13', '08:17'),
    message('a4', ME, 'Let us swap it during the maintenance window.', '2024-05-13', '08:20'),
    message('a5', 'amara', 'Agreed. I will book the window for Thursday.', '2024-05-14', '09:02'),
  ],
  jonas: [
    message('j1', 'jonas', 'The lobby kiosk in Berlin HQ is frozen again.', '2024-05-12', '14:40'),
    message('j2', ME, 'Can you restart it and send me the logs?', '2024-05-12', '14:43'),
  ],
  lina: [message('l1', 'lina', 'Three customers asked for the new app ids today.', '2024-05-11', '16:05')],
  diego: [
    message('d1', ME, 'How many vans still run the old firmware?', '2024-05-10', '10:30'),
    message('d2', 'diego', 'Seven of forty. They are back at the depot on Monday.', '2024-05-10', '10:41'),
  ],
  mei: [],
}

/** The demo page's chat: it lives as long as the tab. */
export const chat = createChat(CONTACTS, CONVERSATIONS)
