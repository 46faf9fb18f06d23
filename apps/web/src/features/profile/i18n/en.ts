import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  profile: {
    language: 'Language',
    languageHint: 'Choose the language of the interface',
    phone: {
      provenHint: '{phone} is confirmed: you can log in with an SMS code on the Mobile-ID tab',
      unprovenHint: 'Confirm your number with an SMS code to log in with it on the Mobile-ID tab',
      prove: 'Send a code',
      change: 'Change the number',
      confirm: 'Confirm the number',
      verified: 'Your phone number is confirmed',
    },
    eri: {
      title: 'E-signature key',
      hint: 'Link your key to log in with it on the Digital key tab, without a password. A key with your company’s STIR verifies the company at once',
      linkedHint: 'Your account is linked to this key’s holder: you can log in with the key',
      holder: 'Key holder',
      pinfl: 'PINFL',
      validTo: 'Valid until',
      link: 'Link a key',
      relink: 'Link another key',
      unlink: 'Unlink the key',
      unlinkTitle: 'Unlink the e-signature key?',
      unlinkQuestion: 'The key will no longer log you in. You can link it again at any time.',
      linked: 'The e-signature key is linked to your account',
      unlinked: 'The e-signature key is unlinked',
      taken: 'This key’s holder is linked to another account',
    },
    sessions: {
      title: 'Sign-ins',
      hint: 'The devices signed in to your account. Sign out any you do not recognise',
      list: 'Active sign-ins',
      current: 'This device',
      unknownDevice: 'Unknown device',
      signedIn: 'Signed in {time}',
      lastUsed: 'Last active {time}',
      address: 'IP address {ip}',
      signOut: 'Sign this device out',
      signOutNamed: 'Sign this device out: {device}',
      signOutOthers: 'Sign out all other devices',
      signedOut: 'The device is signed out',
      signedOutOthers: 'Other devices signed out: {count}',
      onlyThis: 'No other device is signed in',
      failed: 'The device could not be signed out',
      loadFailed: 'The sign-ins could not be loaded',
    },
  },
});
