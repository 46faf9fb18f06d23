/** The moderation module: reports about companies and tenders, and their handling by moderators. */
export { moderationRoutes } from './moderation.routes.js';
