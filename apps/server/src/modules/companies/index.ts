/** The companies module: every user's company profile, its review by moderators, and its standing. */
export { companiesRoutes } from './companies.routes.js';
export { companiesOfUsers, findCompanyStanding, findFilledCompany } from './companies.repository.js';
export { verifyCompanyBySignature } from './companies.service.js';
