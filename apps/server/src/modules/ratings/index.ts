/** The ratings module: both sides of a delivered shipment rate each other; the figures of a public profile. */
export { ratingsRoutes } from './ratings.routes.js';
export { ratingFigures, standingOfUsers, type RatingFigures } from './ratings.service.js';
