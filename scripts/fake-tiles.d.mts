export interface FakeTiles {
  url: string;
  /** The Leaflet URL template of these tiles, for MAP_TILE_URL. */
  tileUrl: string;
  requests: string[];
  close(): Promise<void>;
}

export declare function tilePng(size?: number): Buffer;
export declare function startFakeTiles(options?: { port?: number }): Promise<FakeTiles>;
