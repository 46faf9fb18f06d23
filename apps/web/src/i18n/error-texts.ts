import { catalogueBundle, ERRORS } from '@yuk/shared';

/** The API's error texts (`errors.<CODE>`), for the screens that say the same before asking the server. */
export const errorTexts = catalogueBundle('errors', ERRORS);
