import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * A bid may name the bidder's vehicle (gone with the vehicle: set to null); the shipment keeps the winning
 * bid's vehicle type and plate as they were at the award, like the other facts it copies.
 */
export const bidVehicleMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('bids')
      .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
      .execute();
    // deleting a vehicle finds its bids; bids without a vehicle (most) stay out of the index
    await db.schema
      .createIndex('bids_vehicle_idx')
      .on('bids')
      .column('vehicle_id')
      .where('vehicle_id', 'is not', null)
      .execute();
    await db.schema.alterTable('shipments').addColumn('vehicle_type', 'text').execute();
    await db.schema.alterTable('shipments').addColumn('vehicle_plate', 'text').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('shipments').dropColumn('vehicle_plate').execute();
    await db.schema.alterTable('shipments').dropColumn('vehicle_type').execute();
    await db.schema.dropIndex('bids_vehicle_idx').execute();
    await db.schema.alterTable('bids').dropColumn('vehicle_id').execute();
  },
});
