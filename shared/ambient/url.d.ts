// shared/ is checked without DOM or Node types, to prove it is pure; URL is the one web-platform global it uses,
// present in both the renderer (DOM) and main (Node). The other tsconfigs exclude this file and use their own.
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
