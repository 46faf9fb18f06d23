// The bundle format is the shared one (packages/shared/src/texts.ts): the server writes its texts the same way.
export { defineTexts, type TextBundle, type Texts } from '@yuk/shared';
