import type { MigrationFactory } from './helpers.js';
import { usersMigration } from './001-users.js';
import { tendersMigration } from './002-tenders.js';
import { vehiclesMigration } from './003-vehicles.js';
import { bidsMigration } from './004-bids.js';
import { notificationsMigration } from './005-notifications.js';
import { shipmentsMigration } from './006-shipments.js';
import { scheduledJobsMigration } from './007-scheduled-jobs.js';
import { auctionRulesMigration } from './008-auction-rules.js';
import { trustMigration } from './009-trust.js';
import { ratingsMigration } from './010-ratings.js';
import { deliveryMigration } from './011-delivery.js';
import { documentExpiryMigration } from './012-document-expiry.js';
import { accountAccessMigration } from './013-account-access.js';
import { moreVehiclePapersMigration } from './014-more-vehicle-papers.js';
import { bidVehicleMigration } from './015-bid-vehicle.js';
import { shipmentTrackingMigration } from './016-shipment-tracking.js';
import { deliveryProofMigration } from './017-delivery-proof.js';
import { auditTrailMigration } from './018-audit-trail.js';
import { lanePricesMigration } from './019-lane-prices.js';
import { dashboardIndexesMigration } from './020-dashboard-indexes.js';
import { quotasMigration } from './021-quotas.js';
import { eriLinksMigration } from './022-eri-links.js';
import { awardSignaturesMigration } from './023-award-signatures.js';
import { joinedAwardMigration } from './024-joined-award.js';
import { tenderQuestionsMigration } from './030-tender-questions.js';
import { shipmentConversationsMigration } from './031-shipment-conversations.js';
import { tenderChannelsMigration } from './035-tender-channels.js';
import { tenderImportsMigration } from './025-tender-imports.js';
import { backupsMigration } from './045-backups.js';
import { waybillsMigration } from './040-waybills.js';
import { listCurveIndexesMigration } from './060-list-curve-indexes.js';
import { ownerDraftsIndexMigration } from './080-owner-drafts-index.js';
import { tenderFillfactorMigration } from './070-tender-fillfactor.js';
import { ratingTotalsMigration } from './090-rating-totals.js';
import { tenderNameSearchMigration } from './100-tender-name-search.js';
import { tenderSearchRangesMigration } from './110-tender-search-ranges.js';
import { initialPricePageIndexMigration } from './120-initial-price-page-index.js';
import { noShowInstantMigration } from './130-no-show-instant.js';

/** Every migration in order; the names are kept in the database, so never rename one. */
export const migrations: Record<string, MigrationFactory> = {
  '001-users': usersMigration,
  '002-tenders': tendersMigration,
  '003-vehicles': vehiclesMigration,
  '004-bids': bidsMigration,
  '005-notifications': notificationsMigration,
  '006-shipments': shipmentsMigration,
  '007-scheduled-jobs': scheduledJobsMigration,
  '008-auction-rules': auctionRulesMigration,
  '009-trust': trustMigration,
  '010-ratings': ratingsMigration,
  '011-delivery': deliveryMigration,
  '012-document-expiry': documentExpiryMigration,
  '013-account-access': accountAccessMigration,
  '014-more-vehicle-papers': moreVehiclePapersMigration,
  '015-bid-vehicle': bidVehicleMigration,
  '016-shipment-tracking': shipmentTrackingMigration,
  '017-delivery-proof': deliveryProofMigration,
  '018-audit-trail': auditTrailMigration,
  '019-lane-prices': lanePricesMigration,
  '020-dashboard-indexes': dashboardIndexesMigration,
  '021-quotas': quotasMigration,
  '022-eri-links': eriLinksMigration,
  '023-award-signatures': awardSignaturesMigration,
  '024-joined-award': joinedAwardMigration,
  '030-tender-questions': tenderQuestionsMigration,
  '031-shipment-conversations': shipmentConversationsMigration,
  '035-tender-channels': tenderChannelsMigration,
  '025-tender-imports': tenderImportsMigration,
  '045-backups': backupsMigration,
  '040-waybills': waybillsMigration,
  '060-list-curve-indexes': listCurveIndexesMigration,
  '070-tender-fillfactor': tenderFillfactorMigration,
  '080-owner-drafts-index': ownerDraftsIndexMigration,
  '090-rating-totals': ratingTotalsMigration,
  '100-tender-name-search': tenderNameSearchMigration,
  '110-tender-search-ranges': tenderSearchRangesMigration,
  '120-initial-price-page-index': initialPricePageIndexMigration,
  '130-no-show-instant': noShowInstantMigration,
};
