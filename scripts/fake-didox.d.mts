export declare const FAKE_DIDOX_PARTNER_TOKEN: string;

export interface FakeDidoxDocument {
  id: string;
  json: Record<string, unknown>;
  ownerTin: string;
  carrierTin: string;
  status: number;
  comment: string | null;
}

export interface FakeDidox {
  url: string;
  partnerToken: string;
  calls: Array<{ method: string; path: string; userKey: string | undefined; body: unknown }>;
  documents: Map<string, FakeDidoxDocument>;
  sessions: Map<string, { tin: string }>;
  setMode(mode: 'normal' | 'down' | 'slow', delayMs?: number): void;
  refuseNext(message: string): void;
  setStatus(id: string, status: number, comment?: string | null): void;
  expireSessions(): void;
  close(): Promise<void>;
}

export declare function startFakeDidox(options?: { port?: number; partnerToken?: string }): Promise<FakeDidox>;
