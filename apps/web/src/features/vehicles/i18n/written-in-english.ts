/** The texts the spec writes in English on the Uzbek screens as well: the same in uz and en. */
export const WRITTEN_IN_ENGLISH = {
  columns: {
    name: 'Vehicle Name/ID',
    plate: 'License Plate',
    capacity: 'Load Capacity',
    equipment: 'Equipment',
    actions: 'Actions',
  },
  actions: {
    edit: 'Edit',
    details: 'View Details',
  },
  toasts: {
    fetchFailed: 'Failed to fetch vehicles',
    created: 'Vehicle created successfully!',
    createFailed: 'Failed to create vehicle',
    updated: 'Vehicle updated successfully!',
    updateFailed: 'Failed to update vehicle',
    deleted: 'Vehicle deleted successfully!',
    deleteFailed: 'Failed to delete vehicle',
  },
  statuses: {
    Active: 'Active',
    Inactive: 'Inactive',
    Maintenance: 'Maintenance',
    Available: 'Available',
    'In Transit': 'In Transit',
  },
  equipment: {
    GPS: 'GPS',
    'Temperature Control': 'Temperature Control',
    Refrigerated: 'Refrigerated',
    Liftgate: 'Liftgate',
    Camera: 'Camera',
    'Tracking System': 'Tracking System',
  },
  units: {
    kg: 'kg',
    ton: 'ton',
    'm³': 'm³',
    'ft³': 'ft³',
    L: 'L',
    m: 'm',
  },
};
