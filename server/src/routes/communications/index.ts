import { announcementHandlers } from './announcements.ts'
import { chatHandlers } from './chat.ts'
import { faqHandlers } from './faq.ts'

/** Chat, announcements, FAQs and support (docs/decisions/029). */
export const communicationHandlers = { ...chatHandlers, ...announcementHandlers, ...faqHandlers }
