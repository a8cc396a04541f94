import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { PUSH_CHANNEL } from '../../shared/channels';
import { CHANNELS, type PushEvent } from '../../shared/contract';
import type { Dispatch } from './dispatch';
import type { IpcSender } from './sender';

/** What dispatch needs to know about a sender, read from Electron's event (senderFrame is null once it is gone). */
export function senderOf(event: IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? '',
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
  };
}

/** Binds dispatch to ipcMain.handle for every contract channel; returns a function that unbinds them. */
export function registerIpc(dispatch: Dispatch): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) => dispatch(channel, input, senderOf(event)));
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Sends a push event to one (trusted) window. */
export function sendPush(contents: WebContents, event: PushEvent, payload: unknown): void {
  if (!contents.isDestroyed()) contents.send(PUSH_CHANNEL, event, payload);
}
