import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  conversations: {
    title: 'Conversation',
    hint: 'Arrange the loading, the driver and the papers here: all of it stays in the shipment’s record.',
    loading: 'Loading the messages...',
    loadFailed: 'The messages could not be loaded',
    empty: 'No messages yet. Write the first one.',
    earlier: 'Earlier messages',
    messageLabel: 'Your message',
    placeholder: 'Write a message...',
    send: 'Send',
    sending: 'Sending the message...',
    sendFailed: 'The message could not be sent',
    attach: 'Photo or PDF',
    removeFile: 'Remove the file',
    owner: 'Owner',
    carrier: 'The carrier',
    read: 'Read',
    sent: 'Sent',
    unread: '{count} unread',
    offline: 'You are offline: messages can only be read',
    openFile: 'Open the file: {name}',
    system: {
      loaded: 'The cargo is loaded',
      on_the_way: 'The cargo is on the way',
      delivered: 'Delivered',
      waybill_signed: 'The e-waybill was signed',
    },
  },
});
