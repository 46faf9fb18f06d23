export interface FakeCbu {
  url: string;
  /** What CBU_RATES_URL is set to. */
  ratesUrl: string;
  /** The days asked for, in order. */
  requests: string[];
  setRate(day: string, rate: string): void;
  clear(): void;
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export declare function startFakeCbu(options?: { port?: number }): Promise<FakeCbu>;
