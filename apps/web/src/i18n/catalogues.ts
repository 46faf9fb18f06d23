import { catalogueBundle, FIELD_MESSAGES } from '@yuk/shared';

/** The field messages of the shared schemas (`fields.*`): forms on the first screen show them. */
export const fieldTexts = catalogueBundle('fields', FIELD_MESSAGES);
