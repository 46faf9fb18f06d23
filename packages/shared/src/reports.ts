/**
 * What anyone may report, and why: apart from the company schemas (./companies) that check a report, so that a
 * page offering the report button (a tender's) builds none of them.
 */
export const REPORT_SUBJECTS = ['company', 'tender', 'tender_question', 'shipment_message'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_REASONS = ['fraud', 'no_show', 'late_payment', 'spam', 'other'] as const;
export const REPORT_STATUSES = ['open', 'resolved'] as const;
