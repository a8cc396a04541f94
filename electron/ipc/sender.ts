/**
 * Who sent an IPC call, as register.ts reads it from Electron's event (kept plain so dispatch stays pure), and the
 * policy deciding whether to answer: only the app's own window, its main frame, loaded from the app's origin
 * (Electron security checklist #17).
 */
export interface IpcSender {
  webContentsId: number;
  /** URL of the frame that sent the message (event.senderFrame.url). */
  frameUrl: string;
  isMainFrame: boolean;
}

export interface SenderPolicy {
  /** Trust one webContents (the app window); returns a function that withdraws the trust (window closed). */
  trust(webContentsId: number): () => void;
  isTrusted(sender: IpcSender): boolean;
  /** Ids currently trusted: push events go to these only. */
  trustedIds(): number[];
}

/** The origin the packaged app is served from (window.ts registers the protocol). */
export const APP_ORIGIN = 'app://flagdesk';

/**
 * `scheme://host[:port]` of a URL, or undefined. Node's URL gives origin "null" for non-special schemes such as
 * app:, so it is rebuilt by hand; URLs carrying credentials never count as an app origin.
 */
export function originOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username || url.password || !url.host) return undefined;
  return `${url.protocol}//${url.host}`;
}

export function createSenderPolicy(options: { appOrigins?: readonly string[] } = {}): SenderPolicy {
  const origins = new Set(options.appOrigins ?? [APP_ORIGIN]);
  const trusted = new Set<number>();
  return {
    trust(webContentsId) {
      trusted.add(webContentsId);
      return () => {
        trusted.delete(webContentsId);
      };
    },
    isTrusted(sender) {
      // a primitive passes this line but has no integer webContentsId, so the next refuses it
      if (!sender) return false;
      if (!Number.isInteger(sender.webContentsId) || !trusted.has(sender.webContentsId)) return false;
      if (sender.isMainFrame !== true || typeof sender.frameUrl !== 'string') return false;
      const origin = originOf(sender.frameUrl);
      // Stryker disable next-line ConditionalExpression: origins holds only strings, so has(undefined) is false as well
      return origin !== undefined && origins.has(origin);
    },
    trustedIds: () => [...trusted],
  };
}
