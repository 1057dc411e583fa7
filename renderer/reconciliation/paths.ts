/** The address of the daily bills' screen (pure). */
export const RECONCILIATION_PATH = '/orderManagement/reconciliation';
