/** The ratings module: both sides of a delivered shipment rate each other; the figures of a public profile. */
export { visibleRatings } from './ratings.repository.js';
export { ratingsRoutes } from './ratings.routes.js';
export {
  countOnceVisible,
  noShowCounts,
  ratingDueHandlers,
  ratingFigures,
  standingOfUsers,
  type RatingFigures,
  type UserStanding,
} from './ratings.service.js';
