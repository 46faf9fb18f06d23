// The schema of the unread messages answer: a chunk of its own (with zod), imported by ./unread-messages when
// the answer arrives, so that the shell of every page (whose navigation shows the count) builds none.
export { unreadMessages } from '@yuk/shared';
