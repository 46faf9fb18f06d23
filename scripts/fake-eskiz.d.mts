export interface FakeEskizMessage {
  mobile_phone: string;
  message: string;
  from: string;
}

export interface FakeEskiz {
  url: string;
  messages: FakeEskizMessage[];
  readonly logins: number;
  expireTokens(): void;
  fail(status: number, count?: number): void;
  close(): Promise<void>;
}

export declare function startFakeEskiz(options: { email: string; password: string; port?: number }): Promise<FakeEskiz>;
