interface FakeEimzoSigner {
  pinfl: string;
  stir?: string | undefined;
  cn: string;
  expired?: boolean;
}

/** A key signing a challenge (sign-in, linking) or a document given in base64 (the award). */
export type FakeEimzoKey = FakeEimzoSigner & ({ challenge: string } | { document: string });

export interface FakeEimzo {
  url: string;
  authCalls: Array<{ body: string; host: string | undefined; realIp: string | undefined }>;
  close(): Promise<void>;
}

export declare function eimzoDate(days: number): string;
export declare function readFakePkcs7(pkcs7: string): Record<string, string> | null;
export declare function fakePkcs7(key: FakeEimzoKey): string;
export declare function startFakeEimzo(options?: { port?: number }): Promise<FakeEimzo>;
