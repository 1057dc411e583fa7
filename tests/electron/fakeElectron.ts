/**
 * Just enough of Electron's main-process API for electron/main.ts to run its
 * start-up under Vitest (no Electron binary can be downloaded here), recording
 * what the shell registers: schemes, handlers, windows, IPC. The security
 * test then drives those handlers as Electron would.
 *
 * The record lives on globalThis so that a fresh import of main.ts (after
 * vi.resetModules) reports into the same place the test reads.
 */
type Handler = (...args: never[]) => unknown;

export interface FakeWindow {
  id: number;
  options: Record<string, unknown>;
  loaded: string[];
}

export interface Recorded {
  schemes: unknown[];
  sandboxEnabled: boolean;
  exitCodes: number[];
  appListeners: Map<string, Handler[]>;
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  ipcHandlers: Map<string, Handler>;
  permissionRequest?: Handler;
  permissionCheck?: Handler;
  windows: FakeWindow[];
  openedExternally: string[];
}

const KEY = '__vendFakeElectron';
const store = globalThis as unknown as Record<string, Recorded | undefined>;

export function recorded(): Recorded {
  store[KEY] ??= {
    schemes: [],
    sandboxEnabled: false,
    exitCodes: [],
    appListeners: new Map(),
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    windows: [],
    openedExternally: [],
  };
  return store[KEY];
}

export function resetRecorded(): void {
  store[KEY] = undefined;
}

export const app = {
  on(event: string, listener: Handler) {
    const list = recorded().appListeners.get(event) ?? [];
    list.push(listener);
    recorded().appListeners.set(event, list);
    return app;
  },
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  enableSandbox() {
    recorded().sandboxEnabled = true;
  },
  exit(code: number) {
    recorded().exitCodes.push(code);
  },
  quit() {},
  getAppPath: () => '/nonexistent/app',
  getVersion: () => '0.0.0-test',
  isPackaged: false,
  setAsDefaultProtocolClient: () => true,
};

let nextId = 1;
export class BrowserWindow {
  readonly id = nextId++;
  private readonly record: FakeWindow;
  constructor(options: Record<string, unknown>) {
    this.record = { id: this.id, options, loaded: [] };
    recorded().windows.push(this.record);
  }
  once() {
    return this;
  }
  on() {
    return this;
  }
  loadURL(url: string) {
    this.record.loaded.push(url);
    return Promise.resolve();
  }
  show() {}
  maximize() {}
  isMaximized() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 800 };
  }
  static fromWebContents() {
    return null;
  }
  static fromId() {
    return null;
  }
  static getFocusedWindow() {
    return null;
  }
  static getAllWindows() {
    return [];
  }
}

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]) {
    recorded().schemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>) {
    recorded().protocolHandlers.set(scheme, handler);
  },
};

export const Menu = {
  setApplicationMenu() {},
  buildFromTemplate: (template: unknown) => template,
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
};

export const nativeImage = {
  createFromBitmap: () => ({}),
};

export const ipcMain = {
  handle(channel: string, handler: Handler) {
    recorded().ipcHandlers.set(channel, handler);
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Handler) {
      recorded().permissionRequest = handler;
    },
    setPermissionCheckHandler(handler: Handler) {
      recorded().permissionCheck = handler;
    },
  },
};

export const shell = {
  openExternal(url: string) {
    recorded().openedExternally.push(url);
    return Promise.resolve();
  },
};

export const net = {
  fetch: () => Promise.reject(new Error('no files in the fake')),
};

/** A web contents as `web-contents-created` hands it over, recording what the shell sets on it. */
export function fakeContents() {
  const listeners = new Map<string, Handler>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  return {
    listeners,
    openWindow: (url: string) => openHandler?.({ url }),
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      openHandler = handler;
    },
    on(event: string, listener: Handler) {
      listeners.set(event, listener);
    },
  };
}
