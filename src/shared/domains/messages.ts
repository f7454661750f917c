import { domainFacts } from './fact.js';

/** Messages the product sends customers by itself, and their templates. */
export const MESSAGES = domainFacts({
  name: 'messages',
  permissions: {
    'messages.manage': 'Change the messages sent to customers: each kind on or off, its subject and text in each language',
  },
  auditActions: {
    'message_template.updated': 'Message template changed',
    'message.resent': 'Message sent again',
  },
  auditTargets: ['message_template'],
  errorCodes: [],
});
