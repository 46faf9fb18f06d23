import type { Generated, Selectable } from 'kysely';
import type { CompanyKind, CompanyVerifiedBy, VerificationStatus } from '@yuk/shared';

/** The company profile of a user, its verification by a moderator and its suspension. */
export interface CompaniesTable {
  id: Generated<number>;
  user_id: number;
  name: Generated<string>;
  stir: Generated<string>;
  kind: CompanyKind | null;
  legal_address: Generated<string>;
  director: Generated<string>;
  phone: Generated<string>;
  licence_file_id: string | null;
  registration_certificate_file_id: string | null;
  verification_status: Generated<VerificationStatus>;
  rejection_reason: string | null;
  verified_at: string | null;
  /** How the company was verified; null unless verified. */
  verified_by: CompanyVerifiedBy | null;
  /** Set while suspended: the users may read, not post tenders, bid or buy. */
  suspended_at: string | null;
  suspension_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Every moderator's decision on a company: who, when, what and why. */
export interface CompanyDecisionsTable {
  id: Generated<number>;
  company_id: number;
  moderator_id: number;
  action: 'verify' | 'reject' | 'suspend' | 'unsuspend';
  reason: string | null;
  created_at: string;
}

export interface CompaniesTables {
  companies: CompaniesTable;
  company_decisions: CompanyDecisionsTable;
}

export type CompanyRow = Selectable<CompaniesTable>;
