import type { AuditTables } from '../modules/audit/audit.tables.js';
import type { AuthTables } from '../modules/auth/auth.tables.js';
import type { AwardSignaturesTables } from '../modules/award-signatures/award-signatures.tables.js';
import type { BidsTables } from '../modules/bids/bids.tables.js';
import type { DeliveryTables } from '../modules/delivery/delivery.tables.js';
import type { DeliveryProofTables } from '../modules/delivery-proof/delivery-proof.tables.js';
import type { EriTables } from '../modules/eri/eri.tables.js';
import type { CompaniesTables } from '../modules/companies/companies.tables.js';
import type { FilesTables } from '../modules/files/files.tables.js';
import type { MarketTables } from '../modules/market/market.tables.js';
import type { RatingsTables } from '../modules/ratings/ratings.tables.js';
import type { ModerationTables } from '../modules/moderation/moderation.tables.js';
import type { QuotasTables } from '../modules/quotas/quotas.tables.js';
import type { NotificationsTables } from '../modules/notifications/notifications.tables.js';
import type { TenderAwardsTables } from '../modules/tender-lifecycle/tender-lifecycle.tables.js';
import type { SavedSearchesTables } from '../modules/saved-searches/saved-searches.tables.js';
import type { ShipmentsTables } from '../modules/shipments/shipments.tables.js';
import type { TendersTables } from '../modules/tenders/tenders.tables.js';
import type { TenderChannelsTables } from '../modules/tender-channels/tender-channels.tables.js';
import type { TrackingTables } from '../modules/tracking/tracking.tables.js';
import type { UsersTables } from '../modules/users/users.tables.js';
import type { VehiclesTables } from '../modules/vehicles/vehicles.tables.js';
import type { WaybillsTables } from '../modules/waybills/waybills.tables.js';
import type { TenderQuestionsTables } from '../modules/tender-questions/tender-questions.tables.js';
import type { ConversationsTables } from '../modules/conversations/conversations.tables.js';
import type { OperationsTables } from '../modules/operations/operations.tables.js';
import type { DueActionsTables } from './due-actions.tables.js';

/**
 * The tables of the database, as Kysely sees them. Each feature declares its own tables beside its
 * repository and adds them here. Timestamps are ISO-8601 UTC text on both engines; money is integer cents.
 */
export interface DatabaseSchema
  extends
    UsersTables,
    AuthTables,
    AuditTables,
    TendersTables,
    FilesTables,
    VehiclesTables,
    BidsTables,
    NotificationsTables,
    ShipmentsTables,
    TrackingTables,
    TenderAwardsTables,
    CompaniesTables,
    ModerationTables,
    RatingsTables,
    MarketTables,
    DeliveryTables,
    DeliveryProofTables,
    SavedSearchesTables,
    QuotasTables,
    EriTables,
    AwardSignaturesTables,
    TenderChannelsTables,
    DueActionsTables,
    TenderQuestionsTables,
    ConversationsTables,
    OperationsTables,
    WaybillsTables {}
