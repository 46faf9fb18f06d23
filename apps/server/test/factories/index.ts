/** The server tests' data: users, tenders, vehicles and the multipart forms that carry documents. */
export * from './multipart.js';
export * from './tenders.js';
export * from './users.js';
export * from './vehicles.js';
export * from './companies.js';
export * from './shipments.js';
export * from './delivery-proof.js';
export * from './telegram.js';
